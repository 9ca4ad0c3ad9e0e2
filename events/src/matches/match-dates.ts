const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * Spec §4: a match date may not go past the latest match date (the season's end); it is clamped to that day,
 * keeping the time. Dates are local `YYYY-MM-DDTHH:mm`, compared as text; anything else is returned as is. One
 * rule for the api (what is stored) and the web (what the form shows).
 */
export function clampToLatestDate(dateTime: string, latestDate: string | null | undefined): string {
  const found = DATE_TIME.exec(dateTime);
  if (!found || !latestDate || !/^\d{4}-\d{2}-\d{2}$/.test(latestDate)) return dateTime;
  const [, day, time] = found;
  return day! > latestDate ? `${latestDate}T${time}` : dateTime;
}
