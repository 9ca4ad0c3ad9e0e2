/**
 * The knockout bracket (DESIGN.md §16): the next power of two slots, seeds in the standard order, byes to the top
 * seeds, an optional plate for the sides that lose their first played match, and where a winner goes next.
 */

export interface BracketMatch {
  matchId: string;
  round: number;
  /** 1-based, top to bottom, among the round's places. */
  position: number;
  /** A side the draw placed here; absent: the winner (or, in the plate, the loser) of the feeder. */
  sideA?: string;
  sideB?: string;
}

export interface Bracket {
  slots: number;
  matches: BracketMatch[];
  plate?: { feeders: string[]; slots: number; matches: BracketMatch[] };
}

/** A match's side: an entry, `null` while its feeder is undecided, or `'none'` when nobody will come. */
export type SideSlot = string | null | 'none';
export interface MatchSides {
  a: SideSlot;
  b: SideSlot;
}

export function nextPowerOfTwo(count: number): number {
  let slots = 1;
  while (slots < count) slots *= 2;
  return slots;
}

/**
 * The seeds of `slots` places, top to bottom: for 8, 1 8 4 5 3 6 2 7. Each match (top, bottom) of the half-size
 * draw becomes two, the even ones top seed's first, the odd ones bottom seed's first, so seeds 1 and 2 meet only in
 * the final and each quarter's top seed is the best of its quarter.
 */
export function seedOrder(slots: number): number[] {
  let matches: Array<[number, number]> = [[1, 2]];
  for (let size = 4; size <= slots; size *= 2) {
    matches = matches.flatMap(([top, bottom], index): Array<[number, number]> => {
      const first: [number, number] = [top, size + 1 - top];
      const second: [number, number] = [bottom, size + 1 - bottom];
      return index % 2 === 0 ? [first, second] : [second, first];
    });
  }
  return slots < 2 ? [1] : matches.flat();
}

/** Rounds of a bracket of `slots` places: 2 → 1 (the final), 8 → 3. */
export const roundsOf = (slots: number): number => Math.log2(slots);

/**
 * A bracket of the sides in seed order. `matchIds` gives fresh ids, used in order: the main draw's matches round by
 * round top to bottom (N − 1 of them), then the plate's. A bye is not a match: the seed stands in round 2's match.
 */
export function makeBracket(sides: readonly string[], matchIds: readonly string[], plate: boolean): Bracket {
  const ids = [...matchIds];
  const slots = nextPowerOfTwo(sides.length);
  const placed = seedOrder(slots).map((seed) => sides[seed - 1]);
  const matches: BracketMatch[] = [];
  const firstRound = new Map<number, string | undefined>();
  for (let position = 1; position <= slots / 2; position++) {
    const top = placed[2 * position - 2];
    const bottom = placed[2 * position - 1];
    if (top !== undefined && bottom !== undefined) {
      matches.push({ matchId: ids.shift()!, round: 1, position, sideA: top, sideB: bottom });
    } else firstRound.set(position, top ?? bottom);
  }
  for (let round = 2; round <= roundsOf(slots); round++) {
    for (let position = 1; position <= slots / 2 ** round; position++) {
      const match: BracketMatch = { matchId: ids.shift()!, round, position };
      const byeA = round === 2 ? firstRound.get(2 * position - 1) : undefined;
      const byeB = round === 2 ? firstRound.get(2 * position) : undefined;
      if (byeA !== undefined) match.sideA = byeA;
      if (byeB !== undefined) match.sideB = byeB;
      matches.push(match);
    }
  }
  const bracket: Bracket = { slots, matches };
  if (!plate) return bracket;
  const final = matches[matches.length - 1]!;
  const feeders = matches
    .filter(
      (match) =>
        match !== final && (match.round === 1 || match.sideA !== undefined || match.sideB !== undefined),
    )
    .map((match) => match.matchId);
  if (feeders.length < 2) return bracket;
  const plateSlots = nextPowerOfTwo(feeders.length);
  const plateMatches: BracketMatch[] = [];
  for (let round = 1; round <= roundsOf(plateSlots); round++) {
    for (let position = 1; position <= plateSlots / 2 ** round; position++) {
      plateMatches.push({ matchId: ids.shift()!, round, position });
    }
  }
  return { ...bracket, plate: { feeders, slots: plateSlots, matches: plateMatches } };
}

/** How many match ids a bracket of `sides` entries takes (main draw and plate). */
export function matchIdsNeeded(sides: number, plate: boolean): number {
  const probe = Array.from({ length: sides }, (_, index) => `s${index}`);
  const ids = Array.from({ length: 2 * nextPowerOfTwo(sides) }, (_, index) => `m${index}`);
  const bracket = makeBracket(probe, ids, plate);
  return bracket.matches.length + (bracket.plate?.matches.length ?? 0);
}

const decided = (slot: SideSlot): slot is string => slot !== null && slot !== 'none';

/** The winner of a match with these sides: the recorded one, the only side when nobody comes, or open. */
function outcome(sides: MatchSides, winner: string | undefined): SideSlot {
  if (sides.a === 'none' && sides.b === 'none') return 'none';
  if (sides.a === 'none') return sides.b;
  if (sides.b === 'none') return sides.a;
  return winner !== undefined && (winner === sides.a || winner === sides.b) ? winner : null;
}

/**
 * Every match's sides, main draw and plate, from the winners recorded so far (`winners`: matchId → entry): a winner
 * stands in the next round's match at once; a place with nobody (a bye, a plate place that stays empty) passes the
 * other side on without a match.
 */
export function bracketSides(
  bracket: Bracket,
  winners: Readonly<Record<string, string>>,
): Map<string, MatchSides> {
  const mainSides = fill(bracket.matches, winners);
  if (!bracket.plate) return mainSides;
  const { plate } = bracket;
  const firstPlayedLoser = (feederId: string): SideSlot => {
    const match = bracket.matches.find((m) => m.matchId === feederId)!;
    const sides = mainSides.get(feederId)!;
    const winner = outcome(sides, winners[feederId]);
    if (winner === null) return null;
    if (!decided(sides.a) || !decided(sides.b)) return 'none';
    const loser = winner === sides.a ? sides.b : sides.a;
    const placedByDraw = loser === match.sideA || loser === match.sideB;
    return placedByDraw ? loser : 'none';
  };
  const plateSides = fill(plate.matches, winners, (position) => {
    const feeder = plate.feeders[position - 1];
    return feeder === undefined ? 'none' : firstPlayedLoser(feeder);
  });
  return new Map([...mainSides, ...plateSides]);
}

/** Fills the sides round by round; `entry(slot)` gives round 1's sides where the draw placed none. */
function fill(
  matches: readonly BracketMatch[],
  winners: Readonly<Record<string, string>>,
  entry: (slot: number) => SideSlot = () => 'none',
): Map<string, MatchSides> {
  const sides = new Map<string, MatchSides>();
  const at = new Map(matches.map((match) => [`${match.round}:${match.position}`, match]));
  const feed = (round: number, position: number): SideSlot => {
    if (round === 0) return entry(position);
    const match = at.get(`${round}:${position}`);
    return match ? outcome(sides.get(match.matchId)!, winners[match.matchId]) : 'none';
  };
  for (const match of [...matches].sort((x, y) => x.round - y.round || x.position - y.position)) {
    sides.set(match.matchId, {
      a: match.sideA ?? feed(match.round - 1, 2 * match.position - 1),
      b: match.sideB ?? feed(match.round - 1, 2 * match.position),
    });
  }
  return sides;
}

/** Where a match's winner goes: the next round's match and its side, or nothing after the final. */
export function nextMatchOf(
  bracket: Bracket,
  matchId: string,
): { matchId: string; side: 'a' | 'b' } | undefined {
  for (const matches of [bracket.matches, bracket.plate?.matches ?? []]) {
    const match = matches.find((m) => m.matchId === matchId);
    if (!match) continue;
    const next = matches.find(
      (m) => m.round === match.round + 1 && m.position === Math.ceil(match.position / 2),
    );
    return next ? { matchId: next.matchId, side: match.position % 2 === 1 ? 'a' : 'b' } : undefined;
  }
  return undefined;
}

/** A match both of whose sides are known: one that is played (a bye, or a place nobody comes to, is not). */
export const isPlayable = (sides: MatchSides): boolean => decided(sides.a) && decided(sides.b);
