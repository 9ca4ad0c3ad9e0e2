import type { MatchType } from '../ladders/model.ts';
import type { RecordedSide } from '../matches/decider.ts';
import { recalculate } from '../matches/scoring.ts';
import type { BoxMovement, BoxSettings } from './model.ts';

/** The fewest sides a box may have (DESIGN.md §12): a box of 1 or 2 is no league. */
export const MIN_BOX = 3;

/**
 * DESIGN.md §12 draw: the sides, in the order given, fill box 1, 2, … of `size`. When the last box would have fewer
 * than 3 sides, there is one box less and the sides are spread over the others, which then differ by at most one
 * (the first boxes take the one more): 11 sides in boxes of 5 are boxes of 6 and 5, not 5, 5 and 1.
 */
export function drawBoxes<T>(sides: readonly T[], size: number): T[][] {
  const remainder = sides.length % size;
  const full = Math.floor(sides.length / size);
  const count = remainder === 0 || remainder >= MIN_BOX || full === 0 ? Math.ceil(sides.length / size) : full;
  const sizes = Array.from({ length: count }, (_, index) =>
    count === Math.ceil(sides.length / size)
      ? Math.min(size, sides.length - index * size)
      : Math.floor(sides.length / count) + (index < sides.length % count ? 1 : 0),
  );
  let start = 0;
  return sizes.map((boxSize) => sides.slice(start, (start += boxSize)));
}

/** Every pairing of a box once, the side drawn higher first (the match's defender). */
export function pairings<T>(box: readonly T[]): Array<[T, T]> {
  return box.flatMap((first, index) => box.slice(index + 1).map((second): [T, T] => [first, second]));
}

/** A box match as the table reads it: its sides and result; `counts` when the result is confirmed and not cancelled. */
export interface BoxMatch {
  matchId: string;
  defenderId: string;
  challengerId: string;
  defender: RecordedSide;
  challenger: RecordedSide;
  counts: boolean;
}

interface BoxRow {
  teamId: string;
  played: number;
  won: number;
  lost: number;
  setsFor: number;
  setsAgainst: number;
  gamesFor: number;
  gamesAgainst: number;
  points: number;
}

type Side = 'defender' | 'challenger';
const other = (side: Side): Side => (side === 'defender' ? 'challenger' : 'defender');

/**
 * DESIGN.md §12, §15 table of one box: a counted result with a winner scores `pointsWin` for the winner and
 * `pointsPlayed` for the loser (0 after a walkover); a walkover counts as played, won and lost with no sets or games;
 * a super tiebreak counts as one set and one game. Rows are ordered by points, set difference, game difference, then
 * the match between them (among more tied sides: their wins against each other), then the draw order.
 */
export function boxTable(
  teamIds: readonly string[],
  matches: readonly BoxMatch[],
  settings: Pick<BoxSettings, 'pointsWin' | 'pointsPlayed'>,
  matchType: MatchType,
): BoxRow[] {
  const rows = new Map<string, BoxRow>(
    teamIds.map((teamId) => [
      teamId,
      {
        teamId,
        played: 0,
        won: 0,
        lost: 0,
        setsFor: 0,
        setsAgainst: 0,
        gamesFor: 0,
        gamesAgainst: 0,
        points: 0,
      },
    ]),
  );
  /** Who beat whom: `winner loser` for every counted result. */
  const beat = new Set<string>();
  for (const match of matches) {
    const ids: Record<Side, string> = { defender: match.defenderId, challenger: match.challengerId };
    const [defender, challenger] = [rows.get(match.defenderId), rows.get(match.challengerId)];
    if (!match.counts || !defender || !challenger) continue;
    const row: Record<Side, BoxRow> = { defender, challenger };
    const scored = recalculate(match.defender, match.challenger, matchType);
    if (scored.winner === null) continue;
    const winner = scored.winner;
    const loser = other(winner);
    beat.add(`${ids[winner]} ${ids[loser]}`);
    row[winner].played++;
    row[winner].won++;
    row[winner].points += settings.pointsWin;
    row[loser].played++;
    row[loser].lost++;
    if (scored.status === 'walkover') continue;
    row[loser].points += settings.pointsPlayed;
    for (const side of ['defender', 'challenger'] as const) {
      const sets = scored[side].matchSets;
      sets.forEach((set, index) => {
        const against = scored[other(side)].matchSets[index]!;
        if (set.winner) {
          row[side].setsFor++;
          row[other(side)].setsAgainst++;
        }
        // A super tiebreak is one game, to its winner.
        const games = set.superTiebreak ? (set.winner ? 1 : 0) : (set.score ?? 0);
        const lostGames = set.superTiebreak ? (against.winner ? 1 : 0) : (against.score ?? 0);
        row[side].gamesFor += games;
        row[side].gamesAgainst += lostGames;
      });
    }
  }
  const key = (row: BoxRow) =>
    [row.points, row.setsFor - row.setsAgainst, row.gamesFor - row.gamesAgainst].join(' ');
  const drawn = [...rows.values()];
  const tied = (row: BoxRow) => drawn.filter((candidate) => key(candidate) === key(row));
  const headToHead = (row: BoxRow) =>
    tied(row).filter((opponent) => beat.has(`${row.teamId} ${opponent.teamId}`)).length;
  return drawn
    .map((row, index) => ({ row, index, h2h: headToHead(row) }))
    .sort(
      (a, b) =>
        b.row.points - a.row.points ||
        b.row.setsFor - b.row.setsAgainst - (a.row.setsFor - a.row.setsAgainst) ||
        b.row.gamesFor - b.row.gamesAgainst - (a.row.gamesFor - a.row.gamesAgainst) ||
        b.h2h - a.h2h ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}

/**
 * DESIGN.md §19 "Box seasons": a side that left the season after the draw keeps its row, at the bottom of its box
 * and marked as left; its played results stay in the others' rows (the table is made with it first). The sides that
 * left keep their table order among themselves.
 */
export function leftAtTheBottom<Row extends { teamId: string }>(
  rows: readonly Row[],
  left: ReadonlySet<string>,
): Array<Row & { left: boolean }> {
  const marked = rows.map((row) => ({ ...row, left: left.has(row.teamId) }));
  return [...marked.filter((row) => !row.left), ...marked.filter((row) => row.left)];
}

/** A side of a new box after the close: its box in the closed season (numbered from 1) and how it moved. */
export interface BoxMove {
  teamId: string;
  fromBox: number;
  movement: BoxMovement;
}

/**
 * DESIGN.md §12, §15 close: the boxes' sides in table order become the next season's order, box by box, with the top
 * `promote` of each box but the first moved up into the box above and the bottom `relegate` of each box but the last
 * moved down into the box below. In its new box a side that came down stands first, one that came up last. Each side
 * says the box it came from and whether it went up, down or stayed: what the close decided, for the pages.
 */
export function closeMoves(
  tables: ReadonlyArray<readonly string[]>,
  settings: Pick<BoxSettings, 'promote' | 'relegate'>,
): BoxMove[][] {
  const last = tables.length - 1;
  const moves = tables.map((table, index) => {
    const up = index > 0 ? table.slice(0, settings.promote) : [];
    const rest = table.slice(up.length);
    const downCount = index < last ? Math.min(settings.relegate, rest.length) : 0;
    const from = (movement: BoxMovement) => (teamId: string) => ({ teamId, fromBox: index + 1, movement });
    return {
      up: up.map(from('UP')),
      stay: rest.slice(0, rest.length - downCount).map(from('STAYS')),
      down: rest.slice(rest.length - downCount).map(from('DOWN')),
    };
  });
  return moves.map((move, index) => [
    ...(moves[index - 1]?.down ?? []),
    ...move.stay,
    ...(moves[index + 1]?.up ?? []),
  ]);
}

/** The close's new boxes, each side by its id only (closeMoves). */
export function closeBoxes(
  tables: ReadonlyArray<readonly string[]>,
  settings: Pick<BoxSettings, 'promote' | 'relegate'>,
): string[][] {
  return closeMoves(tables, settings).map((box) => box.map((side) => side.teamId));
}
