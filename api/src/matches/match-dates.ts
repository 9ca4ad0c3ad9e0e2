/**
 * Spec §4: the date may not go past the latest match date (the season's end); it is clamped to that day,
 * keeping the time. Dates are local `YYYY-MM-DDTHH:mm`, compared as text.
 */
export function clampToLatestDate(dateTime: string, latestDate: string): string {
  const [day, time] = dateTime.split('T') as [string, string];
  return day > latestDate ? `${latestDate}T${time}` : dateTime;
}
