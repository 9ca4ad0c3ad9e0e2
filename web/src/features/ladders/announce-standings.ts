import { announce } from '../../lib/announcer';
import type { Translations } from '../../lib/translations';
import { addStandingsAnnouncementTexts, placeText } from '../../locales/standings-announcements';
import type { StandingsRow } from './api/ladders';
import { climbsBetween, standingsKey } from './standings-changes';

/** At most this many teams are named in one announcement; the rest are counted. */
const NAMED = 3;
// The members' names as the table shows them (lib/team-name.ts, not imported: it would become a chunk of its own
// that the public pages load first).

/**
 * Says a live standings change in the page's one polite live region (DESIGN.md §14): "Standings updated: Cas Lee
 * moved to 1st". Loaded by the standings page once it follows a season (so the region is there before it speaks),
 * never for its first reading; a reading already said is not said again.
 */
export function announceStandingsChange(
  seasonId: string,
  before: readonly StandingsRow[],
  after: readonly StandingsRow[],
  language: string,
  // The app's texts, handed in: imported here, lib/i18n would become a chunk of its own that every page loads first.
  i18n: Translations,
): void {
  addStandingsAnnouncementTexts(i18n);
  const climbs = climbsBetween(before, after);
  if (climbs.length === 0) return;
  const t = (key: string, options: Record<string, unknown>) =>
    i18n.t(`standingsAnnouncement.${key}`, { ...options, lng: language });
  const named = climbs.slice(0, NAMED).map((climb) =>
    t('moved', {
      name: climb.members.map((member) => member.fullName).join(', '),
      place: placeText(climb.position, language),
    }),
  );
  const rest = climbs.length - named.length;
  const changes = [...named, ...(rest > 0 ? [t('more', { count: rest })] : [])].join('; ');
  announce(t('updated', { changes }), standingsKey(seasonId, after));
}
