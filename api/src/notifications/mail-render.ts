import type { Notification, NotificationLanguage } from '@courtside/events/notifications/notify';

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const footer: Record<NotificationLanguage, { open: string; why: string; unsubscribe: string }> = {
  en: {
    open: 'Open Courtside',
    why: 'You get this mail because you play or manage on Courtside.',
    unsubscribe: 'Stop these mails',
  },
  nl: {
    open: 'Open Courtside',
    why: 'Je krijgt deze mail omdat je speelt of beheert op Courtside.',
    unsubscribe: 'Geen mails meer van deze soort',
  },
};

/** A notification as a mail in the recipient's language: a plain-text and an HTML part, both with the links. */
export function renderMail(
  notification: Pick<Notification, 'title' | 'body' | 'language'>,
  links: { actionUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const words = footer[notification.language];
  const text = [
    notification.title,
    '',
    notification.body,
    '',
    `${words.open}: ${links.actionUrl}`,
    '',
    '--',
    words.why,
    `${words.unsubscribe}: ${links.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${notification.language}"><head><meta charset="utf-8"><title>${escapeHtml(notification.title)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 16px">
<h1 style="font-size: 20px">${escapeHtml(notification.title)}</h1>
<p>${escapeHtml(notification.body).replaceAll('\n', '<br>\n')}</p>
<p><a href="${escapeHtml(links.actionUrl)}" style="display: inline-block; background: #166534; color: #fff; padding: 8px 16px; border-radius: 6px; text-decoration: none">${words.open}</a></p>
<hr style="border: none; border-top: 1px solid #e5e7eb">
<p style="font-size: 12px; color: #6b7280">${escapeHtml(words.why)} <a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></p>
</body></html>
`;
  return { subject: notification.title, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
