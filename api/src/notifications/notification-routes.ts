import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  notificationKinds,
  notificationLanguages,
  type NotificationKind,
  type NotificationLanguage,
} from '@courtside/events/notifications/notify';
import { NOTIFICATIONS_PATH, PREFERENCES_PATH, UNSUBSCRIBE_PATH } from '@courtside/events/api-paths';
import { requireSession } from '../accounts/authentication.ts';
import { documented } from '../http/documented-router.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { escapeHtml } from './mail-render.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';
import { notificationSchema, preferencesAnswerSchema, unreadSchema } from './notification-answers.ts';
import {
  markAllRead,
  markRead,
  notificationsPage,
  readPreferences,
  savePreferences,
  unreadCountOf,
  unsubscribeLanguageOf,
} from './notification-store.ts';

const listQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'after is the id of a notification')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  language: z
    .enum(notificationLanguages)
    .optional()
    .describe('The language of the page that shows them; the account’s mail language unless given'),
});
const readSchema = z.union([
  z.object({ ids: z.array(z.string().regex(/^\d{1,18}$/, 'Unknown notification')).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
const mailSchema = z
  .object(Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean().optional()])))
  .strict() as z.ZodType<Partial<Record<NotificationKind, boolean>>>;
const preferencesSchema = z
  .object({
    language: z.enum(notificationLanguages).optional(),
    mail: mailSchema.optional(),
    push: mailSchema.optional(),
  })
  .strict();
const tokenQuery = z.object({ token: z.string().max(1_000).optional() });

/** DESIGN.md §6: the signed-in account's notifications and preferences, and the one-click unsubscribe link. */
export function notificationRoutes(router: Router, services: AppServices): void {
  const { db } = services;
  const api = documented(router);

  api.get(
    NOTIFICATIONS_PATH,
    {
      summary: 'The signed-in account’s notifications, newest first (`X-Unread-Count`: unread in all)',
      access: 'session',
      query: listQuery,
      responses: { 200: z.array(notificationSchema) },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const { after, limit, language } = parseInput(listQuery, ctx.query, 'query');
      const [rows, unread] = await Promise.all([
        notificationsPage(db, { accountId, after, limit, language }),
        unreadCountOf(db, accountId),
      ]);
      // The bell's number: how many are unread in all (the list is one page of them).
      ctx.set('X-Unread-Count', String(unread));
      ctx.body = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },
  );

  api.post(
    `${NOTIFICATIONS_PATH}/read`,
    {
      summary: 'Marks notifications read: `{ids}` (the caller’s own) or `{all: true}`',
      access: 'session',
      body: readSchema,
      responses: { 200: unreadSchema },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const input = parseInput(readSchema, ctx.request.body, 'request');
      const now = services.clock();
      if ('all' in input) await markAllRead(db, accountId, now);
      // Another account's ids change nothing: only the caller's own rows match.
      else if (input.ids.length > 0) await markRead(db, accountId, input.ids, now);
      ctx.body = { unread: await unreadCountOf(db, accountId) };
    },
  );

  api.get(
    PREFERENCES_PATH,
    {
      summary: 'The mail language, which mails the signed-in account gets and which kinds reach its phones',
      access: 'session',
      responses: { 200: preferencesAnswerSchema },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      ctx.body = await readPreferences(services, accountId);
    },
  );

  api.put(
    PREFERENCES_PATH,
    {
      summary:
        'Changes what it names of the mail language, the mails and the pushes; answers the preferences',
      access: 'session',
      body: preferencesSchema,
      responses: { 200: preferencesAnswerSchema },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const input = parseInput(preferencesSchema, ctx.request.body, 'preferences');
      await savePreferences(services, accountId, input);
      ctx.body = await readPreferences(services, accountId);
    },
  );

  /**
   * GET: the link in the mail shows a page with one button and changes nothing (mail scanners follow links). POST:
   * that button, or RFC 8058 one-click as mail programs send it (`List-Unsubscribe-Post`), turns the kind off.
   * Both pages are in the account's language; neither needs a cookie or an anti-forgery token.
   */
  const unsubscribe = (turnOff: boolean) => async (ctx: Context) => {
    const { token } = tokenQuery.catch({ token: undefined }).parse(ctx.query);
    const claims = token
      ? verifyUnsubscribeToken(services.unsubscribeSecret, token, services.clock())
      : undefined;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Referrer-Policy', 'no-referrer');
    const broken = (message: string) => {
      ctx.status = 400;
      ctx.body = page('en', 'This link does not work', message);
    };
    if (!token || !claims) {
      return broken(
        'The unsubscribe link is not valid or has expired. Sign in to Courtside and change which mails you get on your preferences page.',
      );
    }
    const stored = await unsubscribeLanguageOf(db, claims.accountId);
    if (!stored) return broken('The account of this link does not exist any more.');
    const language: NotificationLanguage = stored.language === 'nl' ? 'nl' : 'en';
    const words = unsubscribeWords[language];
    const kind = kindNames[language][claims.kind];
    ctx.status = 200;
    if (!turnOff) {
      ctx.body = page(language, words.askTitle, words.ask(kind), {
        action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
        button: words.button,
      });
      return;
    }
    await savePreferences(services, claims.accountId, { mail: { [claims.kind]: false } });
    ctx.body = page(language, words.doneTitle, words.done(kind));
  };
  const unsubscribeDoc = (summary: string, answer: string) => ({
    summary,
    access: 'public' as const,
    personal: true as const,
    query: tokenQuery,
    responses: {
      200: {
        contentType: 'text/html',
        description: `${answer} (400: the page says the link does not work)`,
      },
    },
  });
  api.get(
    UNSUBSCRIBE_PATH,
    unsubscribeDoc(
      'The unsubscribe link of a mail (a signed token, no sign-in): a page with one button; nothing changes yet',
      'A short page with the button that turns this kind of mail off',
    ),
    unsubscribe(false),
  );
  api.post(
    UNSUBSCRIBE_PATH,
    unsubscribeDoc(
      'Turns one kind of mail off: the page’s button, or one-click as mail programs send it (RFC 8058, `List-Unsubscribe=One-Click`)',
      'A short page: that kind of mail is off',
    ),
    unsubscribe(true),
  );
}

const kindNames: Record<NotificationLanguage, Record<NotificationKind, string>> = {
  en: {
    'team.waiting': 'teams waiting for approval',
    'team.accepted': 'your team accepted',
    'team.rejected': 'your team not accepted',
    'challenge.received': 'challenges you receive',
    'challenge.accepted': 'accepted challenges',
    'challenge.declined': 'declined challenges',
    'challenge.expired': 'expired challenges',
    'challenge.reminder': 'reminders to answer a challenge',
    'result.toConfirm': 'results to confirm',
    'result.confirmed': 'final results',
    'result.disputed': 'disputed results',
    'match.scheduled': 'match dates',
    'match.cancelled': 'cancelled matches',
    'tournament.drawn': 'tournament draws',
    'tournament.round': 'club night rounds',
    'tournament.result': 'your next tournament match',
  },
  nl: {
    'team.waiting': 'teams die wachten op goedkeuring',
    'team.accepted': 'je team goedgekeurd',
    'team.rejected': 'je team niet toegelaten',
    'challenge.received': 'uitdagingen die je krijgt',
    'challenge.accepted': 'aangenomen uitdagingen',
    'challenge.declined': 'geweigerde uitdagingen',
    'challenge.expired': 'verlopen uitdagingen',
    'challenge.reminder': 'herinneringen om een uitdaging te beantwoorden',
    'result.toConfirm': 'uitslagen om te bevestigen',
    'result.confirmed': 'definitieve uitslagen',
    'result.disputed': 'betwiste uitslagen',
    'match.scheduled': 'wedstrijddata',
    'match.cancelled': 'afgelaste wedstrijden',
    'tournament.drawn': 'lotingen van toernooien',
    'tournament.round': 'rondes van clubavonden',
    'tournament.result': 'je volgende toernooiwedstrijd',
  },
};

const unsubscribeWords: Record<
  NotificationLanguage,
  {
    askTitle: string;
    ask(kind: string): string;
    button: string;
    doneTitle: string;
    done(kind: string): string;
  }
> = {
  en: {
    askTitle: 'Stop these mails?',
    ask: (kind) =>
      `You will get no more mails about: ${kind}. You can turn them on again on your preferences page.`,
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: (kind) => `You will get no more mails about: ${kind}.`,
  },
  nl: {
    askTitle: 'Deze mails niet meer ontvangen?',
    ask: (kind) =>
      `Je krijgt dan geen mails meer over: ${kind}. Op je voorkeurenpagina kun je ze weer aanzetten.`,
    button: 'Afmelden',
    doneTitle: 'Je bent afgemeld',
    done: (kind) => `Je krijgt geen mails meer over: ${kind}.`,
  },
};

function page(
  language: NotificationLanguage,
  title: string,
  message: string,
  form?: { action: string; button: string },
): string {
  const back = language === 'nl' ? 'Naar Courtside' : 'Go to Courtside';
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Courtside</title>
<style>body{font-family:system-ui,sans-serif;color:#1f2937;max-width:32rem;margin:3rem auto;padding:0 1rem}a{color:#166534}button{font:inherit;background:#166534;color:#fff;border:0;border-radius:6px;padding:.5rem 1rem;cursor:pointer}button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${button}<p><a href="/webapps/">${back}</a></p></main></body></html>
`;
}
