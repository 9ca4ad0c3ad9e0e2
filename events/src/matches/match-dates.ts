import { dateTimeFormat } from '../intl-format.ts';

/**
 * A match date: the club's local date and time `YYYY-MM-DDTHH:mm`, no zone (spec §4, §9). One rule for the events,
 * the api's inputs and the web's forms.
 */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** The issue message of an input that is not a `LOCAL_DATE_TIME`. */
export const LOCAL_DATE_TIME_HINT = 'Use a date and time as YYYY-MM-DDTHH:mm';

/** The local date and time a text starts with (`<input type="datetime-local">` may add seconds), or null. */
export function leadingLocalDateTime(value: string): string | null {
  const start = value.slice(0, 16);
  return LOCAL_DATE_TIME.test(start) ? start : null;
}

/**
 * Spec §4: a match date may not go past the latest match date (the season's end); it is clamped to that day,
 * keeping the time. Dates are local `YYYY-MM-DDTHH:mm`, compared as text; anything else is returned as is. One
 * rule for the api (what is stored) and the web (what the form shows).
 */
export function clampToLatestDate(dateTime: string, latestDate: string | null | undefined): string {
  if (!LOCAL_DATE_TIME.test(dateTime) || !latestDate || !/^\d{4}-\d{2}-\d{2}$/.test(latestDate))
    return dateTime;
  const [day, time] = dateTime.split('T');
  // Stryker disable next-line EqualityOperator: equivalent, on the last day itself the clamped date is the same text
  return day! > latestDate ? `${latestDate}T${time}` : dateTime;
}

/**
 * An instant as the club's local date and time `YYYY-MM-DDTHH:mm`, the form of a match date (spec §9). The zone is
 * the process's unless given (README: `TZ`, the club's time zone, which "today" follows too).
 */
export function localDateTime(instant: string | Date, timeZone?: string): string {
  const minute = dateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  });
  const part = Object.fromEntries(minute.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * When a counted result was played (DESIGN.md §5 `lastPlayedAt`): the match's date, but never later than the
 * moment it was counted (its last change, `countedAt`): a result entered before its date counts as played when it
 * was entered, and an undated one when it was counted. Local `YYYY-MM-DDTHH:mm`, compared as text.
 */
export function playedAt(date: string | null, countedAt: string | Date, timeZone?: string): string {
  const counted = localDateTime(countedAt, timeZone);
  // Stryker disable next-line EqualityOperator: equivalent, a date equal to the counted minute is the same text
  return date !== null && date < counted ? date : counted;
}
