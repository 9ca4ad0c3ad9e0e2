import type { TvDrawMatch, TvDrawRound, TvMatch, TvStandings, TvTournament } from './api/tv';

/** How long the club TV shows one view before the next (DESIGN.md §16). */
export const VIEW_SECONDS = 20;

/** One screenful of the club TV. */
export type TvView =
  | { kind: 'live'; matches: TvMatch[] }
  | { kind: 'club-night'; night: TvTournament }
  | {
      kind: 'knockout';
      knockout: TvTournament;
      /** The main draw, or the plate (the first-match losers' own knockout). */
      draw: 'main' | 'plate';
      columns: BracketColumn[];
      /** When the rounds shown are more than one screen holds: which part of them (1-based) this view is. */
      part?: { index: number; count: number };
      /** The made draw matches' scores, by match id. */
      scores: Record<string, TvMatch>;
    }
  | { kind: 'standings'; standings: TvStandings }
  | { kind: 'results'; matches: TvMatch[] };

export interface ClubTvData {
  /** Each of the club's ladders, in the list's order, with its standings and first pages of matches. */
  ladders: Array<{ standings?: TvStandings; completed: TvMatch[]; notCompleted: TvMatch[] }>;
  /** The running club nights. */
  nights: TvTournament[];
  /** The running knockouts (with their draw). */
  knockouts: TvTournament[];
  /** The knockouts' made draw matches, by match id: their scores, live or not. */
  drawMatches: Record<string, TvMatch>;
}

/** A round of a knockout as the TV shows it: `fromFinal` 0 is the final, 1 the semi-finals, and so on. */
export interface BracketColumn {
  round: number;
  fromFinal: number;
  matches: TvDrawMatch[];
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
  const live = [
    ...data.ladders.flatMap((ladder) => ladder.notCompleted),
    ...data.knockouts.flatMap((knockout) =>
      madeDrawMatches(knockout).flatMap((match) => data.drawMatches[match.matchId] ?? []),
    ),
  ].filter(isBeingScored);
  const views: TvView[] = [
    ...(live.length ? [{ kind: 'live' as const, matches: live }] : []),
    ...data.nights.map((night) => ({ kind: 'club-night' as const, night })),
    ...data.knockouts.flatMap((knockout) => knockoutViews(knockout, data.drawMatches)),
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

/** How many rounds, and how many matches in a round, one screen shows at the TV's type size (1920×1080). */
export const BRACKET_COLUMNS = 5;
export const BRACKET_ROWS = 8;

/**
 * The screens of a knockout's bracket (docs/decisions/web.md, "The club TV's bracket"). A draw that fits one screen
 * (at most BRACKET_COLUMNS rounds of at most BRACKET_ROWS matches: up to 16 sides, or 32 with enough byes) shows
 * whole. A larger one shows its last rounds that fit one screen, or from its first round still in play when that
 * is earlier, at most BRACKET_COLUMNS rounds; when those hold more than BRACKET_ROWS matches in a round, they are
 * shown in parts, each the same share of every round (top half, bottom half), a round with fewer matches than
 * parts showing in each part the match its share leads to.
 */
export function bracketScreens(rounds: TvDrawRound[]): BracketColumn[][] {
  if (!rounds.length) return [];
  const fits = (shown: TvDrawRound[]) =>
    shown.length <= BRACKET_COLUMNS && shown.every((round) => round.matches.length <= BRACKET_ROWS);
  const firstFitting = rounds.findIndex((_, index) => fits(rounds.slice(index)));
  const open = rounds.findIndex((round) => round.matches.some((match) => match.winner === undefined));
  const from = Math.min(firstFitting, open === -1 ? rounds.length : open);
  const shown = rounds.slice(from, from + BRACKET_COLUMNS).map((round, index) => ({
    round: round.round,
    fromFinal: rounds.length - 1 - (from + index),
    matches: round.matches,
  }));
  const parts = Math.ceil(Math.max(1, ...shown.map((column) => column.matches.length)) / BRACKET_ROWS);
  return Array.from({ length: parts }, (_, part) =>
    shown.map((column) => {
      const count = column.matches.length;
      if (count < parts) {
        const match = column.matches[Math.floor((part * count) / parts)];
        return { ...column, matches: match ? [match] : [] };
      }
      return {
        ...column,
        matches: column.matches.slice(
          Math.round((part * count) / parts),
          Math.round(((part + 1) * count) / parts),
        ),
      };
    }),
  );
}

/** A running knockout's views: its main draw's screens, then its plate's. */
export function knockoutViews(knockout: TvTournament, scores: Record<string, TvMatch>): TvView[] {
  const draws = [
    ['main', knockout.draw?.rounds ?? []],
    ['plate', knockout.draw?.plate?.rounds ?? []],
  ] as const;
  return draws.flatMap(([draw, rounds]) => {
    const screens = bracketScreens([...rounds]);
    return screens.map((columns, index) => ({
      kind: 'knockout' as const,
      knockout,
      draw,
      columns,
      ...(screens.length > 1 ? { part: { index: index + 1, count: screens.length } } : {}),
      scores,
    }));
  });
}

/** A knockout's matches the TV reads the score of: those with both sides known (made), main draw and plate. */
export function madeDrawMatches(knockout: TvTournament): TvDrawMatch[] {
  return [...(knockout.draw?.rounds ?? []), ...(knockout.draw?.plate?.rounds ?? [])].flatMap((round) =>
    round.matches.filter((match) => match.sideA !== null && match.sideB !== null),
  );
}
