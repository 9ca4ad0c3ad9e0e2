import type { Translations } from '../lib/translations';

/**
 * What the standings page says when the standings change live (DESIGN.md §14), in both languages. They load with
 * the announcing module (`features/ladders/announce-standings.ts`), after the page: not in its first JavaScript.
 */
const en = {
  updated: 'Standings updated: {{changes}}',
  moved: '{{name}} moved to {{place}}',
  more_one: 'and {{count}} more team',
  more_other: 'and {{count}} more teams',
};

const nl: typeof en = {
  updated: 'Stand bijgewerkt: {{changes}}',
  moved: '{{name}} staat nu {{place}}',
  more_one: 'en nog {{count}} team',
  more_other: 'en nog {{count}} teams',
};

/** "1st", "2nd", "3rd", "11th", "22nd"; Dutch "1e", "2e". */
export function placeText(position: number, language: string): string {
  if (language === 'nl') return `${position}e`;
  const tens = position % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][position % 10] ?? 'th');
  return `${position}${suffix}`;
}

export function addStandingsAnnouncementTexts(i18n: Translations): void {
  if (i18n.exists('standingsAnnouncement.updated', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', { standingsAnnouncement: en }, true, false);
  i18n.addResourceBundle('nl', 'translation', { standingsAnnouncement: nl }, true, false);
}
