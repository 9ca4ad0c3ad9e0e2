import { createEvent } from 'ics';
import {
  matchEventAttributes,
  matchTitle,
  type CalendarEventInfo,
  type CalendarMatch,
} from '@courtside/events/calendar/match-event';

/**
 * The calendar file of one match (spec §3 "Calendar event", §9; DESIGN.md §4 "Calendar"), downloaded as
 * `{name}.ics`. The event itself is built by the shared match-event builder (the api's feeds use it too).
 */

interface CalendarFile {
  /** `{name}.ics`, safe on every file system. */
  fileName: string;
  /** The iCalendar text (VERSION:2.0). */
  text: string;
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
  const attributes = matchEventAttributes(match, event, options);
  if (!attributes) return null;
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar event could not be made');
  return { fileName: `${safeFileName(matchTitle(match))}.ics`, text: value };
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
