import type { TvMatch, TvStandings, TvTournament } from './api/tv';

/** How long the club TV shows one view before the next (DESIGN.md §16). */
export const VIEW_SECONDS = 20;

/** One screenful of the club TV. */
export type TvView =
  | { kind: 'live'; matches: TvMatch[] }
  | { kind: 'club-night'; night: TvTournament }
  | { kind: 'standings'; standings: TvStandings }
  | { kind: 'results'; matches: TvMatch[] };

export interface ClubTvData {
  /** Each of the club's ladders, in the list's order, with its standings and first pages of matches. */
  ladders: Array<{ standings?: TvStandings; completed: TvMatch[]; notCompleted: TvMatch[] }>;
  /** The running club nights. */
  nights: TvTournament[];
}

/** How many results and standings rows fit one screen at the TV's type size. */
export const RESULTS_SHOWN = 8;
export const STANDINGS_SHOWN = 10;

const isBeingScored = (match: TvMatch) => match.status === 'planned' && !!match.live && !match.live.finished;

/**
 * The views there are to show: what is live now (matches being scored, each running club night), or, when nothing
 * is, each ladder's standings and the latest results of all the club's ladders.
 */
export function tvViews(data: ClubTvData): TvView[] {
  const live = data.ladders.flatMap((ladder) => ladder.notCompleted.filter(isBeingScored));
  const views: TvView[] = [
    ...(live.length ? [{ kind: 'live' as const, matches: live }] : []),
    ...data.nights.map((night) => ({ kind: 'club-night' as const, night })),
  ];
  if (views.length) return views;
  for (const ladder of data.ladders) {
    if (ladder.standings?.teams.length) views.push({ kind: 'standings', standings: ladder.standings });
  }
  const results = data.ladders
    .flatMap((ladder) => ladder.completed.filter((match) => match.status !== 'cancelled'))
    // Latest first; local 'YYYY-MM-DDTHH:mm' dates sort as text.
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    .slice(0, RESULTS_SHOWN);
  if (results.length) views.push({ kind: 'results', matches: results });
  return views;
}

/** Which of `count` views shows `elapsedMs` after the screen started: each for VIEW_SECONDS, round and round. */
export function viewIndexAt(count: number, elapsedMs: number): number {
  if (count <= 0) return -1;
  return Math.floor(Math.max(0, elapsedMs) / (VIEW_SECONDS * 1000)) % count;
}

/** A club night's round being played: the first with a game without a result, else the last one. */
export function currentRound(night: TvTournament): NonNullable<TvTournament['rounds']>[number] | undefined {
  const rounds = night.rounds ?? [];
  return rounds.find((round) => round.games.some((game) => game.pointsA === undefined)) ?? rounds.at(-1);
}
