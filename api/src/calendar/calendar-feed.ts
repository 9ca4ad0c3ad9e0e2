import { createEvents, type EventAttributes } from 'ics';
import { matchEventAttributes } from '@courtside/events/calendar/match-event';
import type { FeedMatch } from '@courtside/projector/matches/calendar-queries';

const FEED_PRODUCT_ID = 'courtside/feeds';

/**
 * A subscribable calendar (DESIGN.md §6 "Feeds"): one VEVENT per dated match with the match id as its UID, the
 * match's calendar sequence as SEQUENCE, a cancelled match as STATUS:CANCELLED; 2 hours in local time without a
 * time zone, like the single download. The same matches give the same text (DTSTAMP is the match's last change),
 * so a calendar that asks again gets a 304.
 */
export function calendarFeed(
  matches: readonly FeedMatch[],
  options: { name: string; matchUrl: (matchId: string) => string },
): string {
  const events = matches.flatMap((match): EventAttributes[] => {
    const attributes = matchEventAttributes(
      match,
      { name: { name: match.ladderName }, part: { name: match.seasonName } },
      {
        uid: match.id,
        url: options.matchUrl(match.id),
        productId: FEED_PRODUCT_ID,
        sequence: match.sequence,
        cancelled: match.status === 'cancelled',
        changedAt: match.updatedAt,
      },
    );
    return attributes ? [attributes] : [];
  });
  const { error, value } = createEvents(events, {
    productId: FEED_PRODUCT_ID,
    method: 'PUBLISH',
    calName: options.name,
  });
  if (error || value === null) throw error ?? new Error('The calendar feed could not be made');
  return value;
}
