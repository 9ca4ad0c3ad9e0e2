import type { DateArray, EventAttributes } from 'ics';

/**
 * A match as a calendar event (spec §3 "Calendar event", §9; DESIGN.md §4 "Calendar" and §6 "Feeds"): 2 hours
 * from the match date, local time without a time zone ("floating" DTSTART), iCalendar 2.0 made with the `ics`
 * package. One builder for the single `.ics` download (web) and the subscribable feeds (api). Browser-safe and
 * framework-free: the input is structural, so a match of the matches API can be passed as it is.
 */

const MATCH_DURATION_HOURS = 2;

export interface CalendarMatch {
  id: string;
  /** Local `YYYY-MM-DDTHH:mm`. */
  date: string | null;
  defender: { members: ReadonlyArray<{ name: string }> };
  challenger: { members: ReadonlyArray<{ name: string }> };
  /** DESIGN.md §9: where it is played (a court or venue), when someone said so. */
  location?: string | null;
}

export interface CalendarEventInfo {
  name?: { name: string } | null;
  part?: { name: string } | null;
  round?: { name: string } | null;
}

interface MatchEventOptions {
  /** The address of the match page. */
  url?: string;
  /** Default `{match id}@courtside` (the single download); the feeds use the match id itself. */
  uid?: string;
  productId?: string;
  /** Feeds: grows with each change of the match, so a subscribed calendar replaces its copy. */
  sequence?: number;
  /** A cancelled match stays in a feed as cancelled. */
  cancelled?: boolean;
  /** Feeds: when the match last changed (DTSTAMP and LAST-MODIFIED), so the same match gives the same text. */
  changedAt?: Date;
}

/** `YYYY-MM-DDTHH:mm` as the `ics` date array [year, month, day, hours, minutes] (local time). */
export function toDateArray(dateTime: string): DateArray | null {
  const found = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(dateTime);
  if (!found) return null;
  const [, year, month, day, hours, minutes] = found.map(Number) as [number, ...number[]];
  return [year!, month!, day!, hours!, minutes!];
}

/** "Ann Smith & Bob Jones – Cas Lee & Dee Ray". */
export function matchTitle(match: Pick<CalendarMatch, 'defender' | 'challenger'>): string {
  const names = (side: CalendarMatch['defender']) => side.members.map((member) => member.name).join(' & ');
  return `${names(match.defender)} – ${names(match.challenger)}`;
}

/** "Ladder · Season · Round" (the parts that are known). */
export function matchDescription(event: CalendarEventInfo | undefined): string {
  return [event?.name?.name, event?.part?.name, event?.round?.name]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(' · ');
}

/** The `ics` attributes of a dated match, or null when the match has no date (yet). */
export function matchEventAttributes(
  match: CalendarMatch,
  event: CalendarEventInfo | undefined,
  options: MatchEventOptions = {},
): EventAttributes | null {
  const start = match.date ? toDateArray(match.date) : null;
  if (!start) return null;
  const description = matchDescription(event);
  // Where the match is played (DESIGN.md §9), else the club's ladder (spec §3 "Calendar event" has a location).
  const location = match.location?.trim() || event?.name?.name?.trim();
  const changedAt = options.changedAt?.getTime();
  const attributes: EventAttributes & { timestamp?: number } = {
    start,
    // Without both, `ics` reads the array as the server's local time and writes it as UTC.
    startInputType: 'local',
    startOutputType: 'local',
    duration: { hours: MATCH_DURATION_HOURS },
    title: matchTitle(match),
    ...(description ? { description } : {}),
    ...(location ? { location } : {}),
    ...(options.url ? { url: options.url } : {}),
    uid: options.uid ?? `${match.id}@courtside`,
    productId: options.productId ?? 'courtside/matches',
    status: options.cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: options.cancelled ? 'FREE' : 'BUSY',
    ...(options.sequence !== undefined ? { sequence: options.sequence } : {}),
    ...(changedAt !== undefined ? { timestamp: changedAt, lastModified: changedAt } : {}),
  };
  return attributes;
}
