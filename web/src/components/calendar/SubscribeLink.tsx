import { useTranslation } from '../../hooks/useTranslation';
import { webcalUrl } from '../../lib/webcal';
import { secondaryButtonClass } from '../forms/styles';

/**
 * "Subscribe in your calendar" (DESIGN.md §6): a `webcal:` link to a feed, which a calendar app adds as a
 * calendar that follows every new date, change and cancellation. Nothing when there is no feed; with `pending`
 * (the feed is still loading), an invisible copy holds the link's place, so nothing below moves when it arrives
 * (on a phone the link sits above the content, and a tap aimed at a card would land where the card was).
 */
export function SubscribeLink({
  feedUrl,
  pending = false,
}: {
  feedUrl: string | null | undefined;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const href = feedUrl ? webcalUrl(feedUrl) : null;
  if (!href && !pending) return null;
  const content = (
    <>
      <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-brand-700" aria-hidden="true">
        <rect x="2" y="3" width="12" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path
          d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3M8 8.5v3.5M6.25 10.25h3.5"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinecap="round"
        />
      </svg>
      {t('calendar.subscribe')}
    </>
  );
  if (!href) {
    return (
      <span className={`${secondaryButtonClass} invisible`} aria-hidden="true">
        {content}
      </span>
    );
  }
  return (
    <a href={href} className={secondaryButtonClass}>
      {content}
    </a>
  );
}
