import { addMonths, format } from 'date-fns';
import type { MatchType } from './model.ts';

interface SeasonDates {
  uuid: string;
  startDate: string;
  endDate: string;
}

/** Today as YYYY-MM-DD in the local time of the server or browser (seasons are calendar days of the club). */
export function isoDay(now: Date): string {
  return format(now, 'yyyy-MM-dd');
}

/** Active: today lies within start..end, both days included (DESIGN.md §4). */
export function isActive(season: Pick<SeasonDates, 'startDate' | 'endDate'>, today: string): boolean {
  return season.startDate <= today && today <= season.endDate;
}

/** Current: the active season, else the next one to start; at most one per ladder. */
export function currentSeasonId(seasons: readonly SeasonDates[], today: string): string | undefined {
  const active = seasons.find((season) => isActive(season, today));
  if (active) return active.uuid;
  // Stryker disable EqualityOperator: a season starting today is active, so it was returned above
  const upcoming = seasons
    .filter((season) => season.startDate > today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  // Stryker restore EqualityOperator
  return upcoming[0]?.uuid;
}

/** The other season of the ladder that shares a day with this one, if any. */
export function overlappingSeason(
  season: Pick<SeasonDates, 'startDate' | 'endDate'> & { uuid?: string },
  others: readonly SeasonDates[],
): SeasonDates | undefined {
  return others.find(
    (other) =>
      other.uuid !== season.uuid && other.startDate <= season.endDate && season.startDate <= other.endDate,
  );
}

/** A new season form starts here (spec §9): ends about 7 months from today, 3 matches, closed, best of three. */
export function newSeasonDefaults(now: Date): {
  startDate: string;
  endDate: string;
  minimumPlayedMatches: number;
  openForRegistration: boolean;
  matchType: MatchType;
} {
  return {
    startDate: isoDay(now),
    endDate: isoDay(addMonths(now, 7)),
    minimumPlayedMatches: 3,
    openForRegistration: false,
    matchType: 'BESTOFTHREE',
  };
}

/** The spec's initial season choice: the current season, else the last in the list, else none. */
export function initialSeasonId(
  seasons: ReadonlyArray<{ uuid: string; current: boolean }>,
): string | undefined {
  return seasons.find((season) => season.current)?.uuid ?? seasons.at(-1)?.uuid;
}
