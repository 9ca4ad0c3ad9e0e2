import { createEvent, type DateArray, type EventAttributes } from 'ics';

/**
 * A match as a calendar event (spec §3 "Calendar event", §9; DESIGN.md §4 "Calendar"): 2 hours from
 * the match date, local time without a time zone ("floating" DTSTART), iCalendar 2.0 made with the
 * `ics` package, downloaded as `{name}.ics`. Framework-free: the input is structural, so a match of
 * the matches API can be passed as it is.
 */

export const MATCH_DURATION_HOURS = 2;

export interface CalendarMatch {
  id: string;
  /** Local `YYYY-MM-DDTHH:mm`. */
  date: string | null;
  defender: { members: ReadonlyArray<{ name: string }> };
  challenger: { members: ReadonlyArray<{ name: string }> };
}

export interface CalendarEventInfo {
  name?: { name: string } | null;
  part?: { name: string } | null;
  round?: { name: string } | null;
}

export interface CalendarFile {
  /** `{name}.ics`, safe on every file system. */
  fileName: string;
  /** The iCalendar text (VERSION:2.0). */
  text: string;
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

/** A file name without characters that file systems or browsers refuse; never empty. */
export function safeFileName(name: string, fallback = 'match'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|#%&{}$!'@`=+^~[\]]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/**
 * The calendar file of a dated match, or null when the match has no date (yet). `url` is the
 * address of the match page.
 */
export function buildMatchCalendar(
  match: CalendarMatch,
  event: CalendarEventInfo | undefined,
  options: { url?: string; productId?: string } = {},
): CalendarFile | null {
  const start = match.date ? toDateArray(match.date) : null;
  if (!start) return null;
  const title = matchTitle(match);
  const description = matchDescription(event);
  // Where the match is played: the club's ladder (spec §3 "Calendar event" has a location).
  const location = event?.name?.name?.trim();
  const attributes: EventAttributes = {
    start,
    startInputType: 'local',
    startOutputType: 'local',
    duration: { hours: MATCH_DURATION_HOURS },
    title,
    ...(description ? { description } : {}),
    ...(location ? { location } : {}),
    ...(options.url ? { url: options.url } : {}),
    uid: `${match.id}@courtside`,
    productId: options.productId ?? 'courtside/matches',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar event could not be made');
  return { fileName: `${safeFileName(title)}.ics`, text: value };
}

/** Lets the browser download `text` as `fileName` (text/calendar). */
export function downloadCalendarFile({ fileName, text }: CalendarFile, doc: Document = document): void {
  const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
