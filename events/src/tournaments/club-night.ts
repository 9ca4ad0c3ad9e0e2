import type { ClubRound, Game } from './model.ts';

/**
 * The rounds of a club night (DESIGN.md §16): Americano (every round at the draw, rotating partners) and Mexicano
 * (each round from the leaderboard). docs/decisions/tournaments.md says how and why.
 */

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** What the rounds so far give: who partnered and faced whom how often, and who sat out how often and when last. */
export interface NightHistory {
  partners: Map<string, number>;
  opponents: Map<string, number>;
  sits: Map<string, number>;
  lastSat: Map<string, number>;
}

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Adds a round. A player of `players` not on a court sat out (a late arrival's missed rounds count as sat out). */
function record(history: NightHistory, players: readonly string[], round: ClubRound): void {
  const playing = new Set<string>();
  for (const { sideA, sideB } of round.games) {
    for (const playerId of [...sideA, ...sideB]) playing.add(playerId);
    bump(history.partners, pairKey(...sideA));
    bump(history.partners, pairKey(...sideB));
    for (const a of sideA) for (const b of sideB) bump(history.opponents, pairKey(a, b));
  }
  for (const playerId of players) {
    if (playing.has(playerId)) continue;
    bump(history.sits, playerId);
    history.lastSat.set(playerId, round.round);
  }
}

export function historyOf(players: readonly string[], rounds: readonly ClubRound[]): NightHistory {
  const history: NightHistory = {
    partners: new Map(),
    opponents: new Map(),
    sits: new Map(),
    lastSat: new Map(),
  };
  for (const round of rounds) record(history, players, round);
  return history;
}

/** Courts in use in a round of `players` players: four players a court, at most `courts`. */
export const courtsInUse = (players: number, courts: number): number =>
  Math.min(courts, Math.floor(players / 4));

/**
 * The partner of each player in round `round` (0-based) of the circle method over `players` (a phantom added to an
 * odd count): over `players.length − 1` rounds (even count) every two players are partners exactly once.
 */
export function circlePartners(players: readonly string[], round: number): Map<string, string> {
  const ring = players.length % 2 === 0 ? [...players] : [...players, ''];
  const size = ring.length - 1;
  const partners = new Map<string, string>();
  const link = (a: string, b: string) => {
    partners.set(a, b);
    partners.set(b, a);
  };
  const turn = round % size;
  link(ring[size]!, ring[turn]!);
  for (let step = 1; step < ring.length / 2; step++) {
    link(ring[(turn + step) % size]!, ring[(turn - step + size) % size]!);
  }
  const alone = partners.get('');
  partners.delete('');
  if (alone !== undefined) partners.delete(alone);
  return partners;
}

/** How many steps the search for fresh partners takes before it settles for the fewest repeats. */
const SEARCH_BUDGET = 4_000;

/**
 * Who plays a round, and with whom. Fair sitting first: those who sat out least sit out (so nobody sits out twice
 * before everyone has once); among the players who sat out as often as the last one who must sit, the search
 * chooses who plays so that everyone gets a partner they did not have yet. `sitFirst` orders players from the first
 * to sit out to the last. The search takes the player with the fewest fresh partners left first (a dead end shows
 * at once) and tries the circle method's partner first, then the one faced least; when it finds no pairing without a
 * repeat it settles, greedily, for the fewest repeats.
 */
function pairUp(
  players: readonly string[],
  inUse: number,
  history: NightHistory,
  sitFirst: (a: string, b: string) => number,
  preferred: ReadonlyMap<string, string>,
): { pairs: ReadonlyArray<[string, string]>; sitting: Set<string> } {
  const sits = (playerId: string) => history.sits.get(playerId) ?? 0;
  // among equals, the circle method's odd one out (an odd count's) sits first: its rounds then stay whole
  const alone = (playerId: string) => Number(preferred.has(playerId));
  const order = [...players].sort((a, b) => sits(a) - sits(b) || alone(a) - alone(b) || sitFirst(a, b));
  const sitCount = players.length - 4 * inUse;
  const boundary = sitCount > 0 ? sits(order[sitCount - 1]!) : -1;
  const must = order.filter((playerId) => sits(playerId) > boundary);
  // the players who may sit or play, the likeliest to play first
  const flexible = order.filter((playerId) => sits(playerId) === boundary).reverse();
  const partnered = (a: string, b: string) => history.partners.get(pairKey(a, b)) ?? 0;
  const faced = (a: string, b: string) => history.opponents.get(pairKey(a, b)) ?? 0;
  const rank = (player: string) => (a: string, b: string) =>
    Number(preferred.get(player) !== a) - Number(preferred.get(player) !== b) ||
    faced(player, a) - faced(player, b) ||
    order.indexOf(b) - order.indexOf(a);
  let budget = SEARCH_BUDGET;
  const search = (
    mustOpen: readonly string[],
    flexOpen: readonly string[],
    pairsLeft: number,
  ): Array<[string, string]> | undefined => {
    if (pairsLeft === 0) return mustOpen.length === 0 ? [] : undefined;
    if (--budget < 0 || mustOpen.length > 2 * pairsLeft) return undefined;
    const pool = [...mustOpen, ...flexOpen];
    const options = (player: string) =>
      pool.filter((other) => other !== player && partnered(player, other) === 0);
    const fewest = new Map(mustOpen.map((candidate) => [candidate, options(candidate).length]));
    const player =
      mustOpen.length > 0
        ? mustOpen.reduce((best, candidate) =>
            fewest.get(candidate)! < fewest.get(best)! ? candidate : best,
          )
        : flexOpen[0];
    if (player === undefined) return undefined;
    for (const other of options(player).sort(rank(player))) {
      const without = (list: readonly string[]) => list.filter((p) => p !== player && p !== other);
      const rest = search(without(mustOpen), without(flexOpen), pairsLeft - 1);
      if (rest) return [[player, other], ...rest];
    }
    return undefined;
  };
  const playingOf = (pairs: ReadonlyArray<[string, string]>) => ({
    pairs,
    sitting: new Set(players.filter((playerId) => !pairs.some((pair) => pair.includes(playerId)))),
  });
  // everyone on court and the circle method's partners all new: its pairs, no search
  const circle = players.every(
    (playerId) => preferred.has(playerId) && partnered(playerId, preferred.get(playerId)!) === 0,
  );
  const fresh =
    circle && sitCount === 0
      ? players.flatMap((playerId): Array<[string, string]> => {
          const partner = preferred.get(playerId)!;
          return playerId < partner ? [[playerId, partner]] : [];
        })
      : search(must, flexible, 2 * inUse);
  if (fresh) return playingOf(fresh);
  const open = [...must, ...flexible].slice(0, 4 * inUse);
  const pairs: Array<[string, string]> = [];
  while (open.length > 0) {
    const player = open.shift()!;
    const other = [...open].sort(
      (a, b) => partnered(player, a) - partnered(player, b) || rank(player)(a, b),
    )[0]!;
    open.splice(open.indexOf(other), 1);
    pairs.push([player, other]);
  }
  return playingOf(pairs);
}

/**
 * Puts two pairs on each court: each time the two pairs whose players faced each other least (the sum of the
 * squares of how often, so that one pair met often weighs more than two met once), the earlier pairs first on a tie.
 */
function courtsFor(
  pairs: ReadonlyArray<[string, string]>,
  history: NightHistory,
): Array<[[string, string], [string, string]]> {
  const cost = ([a1, a2]: [string, string], [b1, b2]: [string, string]) =>
    [pairKey(a1, b1), pairKey(a1, b2), pairKey(a2, b1), pairKey(a2, b2)].reduce(
      (sum, key) => sum + (history.opponents.get(key) ?? 0) ** 2,
      0,
    );
  const open = [...pairs];
  const courts: Array<[[string, string], [string, string]]> = [];
  while (open.length > 0) {
    let best: [number, number] = [0, 1];
    let least = Infinity;
    for (let i = 0; i < open.length; i++)
      for (let j = i + 1; j < open.length; j++) {
        const faced = cost(open[i]!, open[j]!);
        if (faced < least) [best, least] = [[i, j], faced];
      }
    const second = open.splice(best[1], 1)[0]!;
    const first = open.splice(best[0], 1)[0]!;
    courts.push([first, second]);
  }
  return courts;
}

export interface AmericanoInput {
  /** Every player of the night, in seed order. */
  players: readonly string[];
  courts: number;
  /** The number of the night's last round. */
  rounds: number;
  /** The rounds kept (played or started), numbered from 1: the new ones follow them. */
  kept: readonly ClubRound[];
  /** Fresh game ids, used in order. */
  gameIds: readonly string[];
}

/** Game ids an Americano of `players` needs for rounds `from`…`to`. */
export const americanoGamesNeeded = (players: number, courts: number, from: number, to: number): number =>
  courtsInUse(players, courts) * Math.max(0, to - from + 1);

/**
 * Americano's rounds after the kept ones, up to `rounds`: those who sat out least sit out (the lowest seed first,
 * among those who sat out equally long ago), the others get partners they did not have yet (the circle method's,
 * which repeats none over N − 1 rounds, whenever they are free), and each court the two pairs that faced each other
 * least.
 */
export function americanoRounds(input: AmericanoInput): ClubRound[] {
  const { players, courts } = input;
  const history = historyOf(players, input.kept);
  const gameIds = [...input.gameIds];
  const seed = new Map(players.map((playerId, index) => [playerId, index]));
  const made: ClubRound[] = [];
  for (let round = input.kept.length + 1; round <= input.rounds; round++) {
    const inUse = courtsInUse(players.length, courts);
    const { pairs, sitting } = pairUp(
      players,
      inUse,
      history,
      (a, b) => (history.lastSat.get(a) ?? 0) - (history.lastSat.get(b) ?? 0) || seed.get(b)! - seed.get(a)!,
      circlePartners(players, round - 1),
    );
    const games: Game[] = courtsFor(pairs, history).map(([sideA, sideB], index) => ({
      gameId: gameIds.shift()!,
      court: index + 1,
      sideA,
      sideB,
    }));
    const made1 = { round, games, sittingOut: players.filter((playerId) => sitting.has(playerId)) };
    record(history, players, made1);
    made.push(made1);
  }
  return made;
}

/**
 * A Mexicano round: `ranked` is every player, best first (round 1: the seeds; later: the leaderboard). Those who sat
 * out least sit out (the lowest ranked first); the others, in rank order, take the courts four by four, court 1 the
 * best four, and on each court the 1st and 4th play the 2nd and 3rd.
 */
export function mexicanoRound(input: {
  ranked: readonly string[];
  round: number;
  courts: number;
  played: readonly ClubRound[];
  gameIds: readonly string[];
}): ClubRound {
  const { ranked } = input;
  const history = historyOf(ranked, input.played);
  const inUse = courtsInUse(ranked.length, input.courts);
  const sits = (playerId: string) => history.sits.get(playerId) ?? 0;
  const sitting = new Set(
    [...ranked]
      .sort((a, b) => sits(a) - sits(b) || ranked.indexOf(b) - ranked.indexOf(a))
      .slice(0, ranked.length - 4 * inUse),
  );
  const playing = ranked.filter((playerId) => !sitting.has(playerId));
  const games: Game[] = Array.from({ length: inUse }, (_, index) => {
    const [first, second, third, fourth] = playing.slice(4 * index, 4 * index + 4) as [
      string,
      string,
      string,
      string,
    ];
    return {
      gameId: input.gameIds[index]!,
      court: index + 1,
      sideA: [first, fourth],
      sideB: [second, third],
    };
  });
  return { round: input.round, games, sittingOut: ranked.filter((playerId) => sitting.has(playerId)) };
}
