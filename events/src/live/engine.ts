import type { MatchType } from '../ladders/model.ts';

/** DESIGN.md §7: live scoring, point by point. A pure fold of the points won, in order. */
export type Side = 'defender' | 'challenger';

export interface LiveConfig {
  matchType: MatchType;
  firstServer: Side;
  /** Golden point: at deuce the next point wins the game (the padel default). */
  noAd: boolean;
  /** The deciding set of a best-of match: a set, or a super tiebreak to 10 in its place. */
  finalSet: 'SET' | 'SUPER_TIEBREAK';
}

export interface LiveSet {
  defender: number;
  challenger: number;
  /** Tiebreak points, for a set decided (or being decided) by a tiebreak. */
  tiebreak?: { defender: number; challenger: number };
  /** This set is a super tiebreak in place of a final set: its games are its points (`[10-8]`). */
  superTiebreak?: boolean;
}

export interface LiveStats {
  pointsWon: Record<Side, number>;
  /** Points won while serving. */
  servicePointsWon: Record<Side, number>;
  servicePointsPlayed: Record<Side, number>;
  /** Break points the side had as receiver, and converted. */
  breakPointsFaced: Record<Side, number>;
  breakPointsWon: Record<Side, number>;
  longestRun: Record<Side, number>;
}

export interface LiveScore {
  /** Points counted so far: the next point's `seq` is `seq + 1`. */
  seq: number;
  /** Finished sets and the set in progress. */
  sets: LiveSet[];
  /** The game in progress: "0" "15" "30" "40" "AD", or tiebreak points. */
  game: Record<Side, string>;
  server: Side;
  finished: boolean;
  winner: Side | null;
  stats: LiveStats;
}

const other = (side: Side): Side => (side === 'defender' ? 'challenger' : 'defender');
const pair = (defender = 0, challenger = 0): Record<Side, number> => ({ defender, challenger });
const GAME_CALLS = ['0', '15', '30', '40'];

/** Sets a side needs to win the match; GAMESONLY has no sets to win (the scorer ends it). */
function setsToWin(matchType: MatchType): number {
  // Stryker disable next-line ConditionalExpression: equivalent, a games-only match never wins a set, so never asks
  return matchType === 'BESTOFFIVE' ? 3 : matchType === 'BESTOFTHREE' ? 2 : Infinity;
}

interface Running {
  sets: LiveSet[];
  games: Record<Side, number>;
  points: Record<Side, number>;
  /** 0 outside a tiebreak, else the points that win it (7, or 10 for a super tiebreak). */
  tiebreakTo: number;
  superTiebreak: boolean;
  server: Side;
  /** Who served the first point of the tiebreak in progress. */
  tiebreakFirstServer: Side;
  setsWon: Record<Side, number>;
  winner: Side | null;
  stats: LiveStats;
  lastWinner: Side | null;
  run: number;
}

function start(config: LiveConfig): Running {
  return {
    sets: [],
    games: pair(),
    points: pair(),
    tiebreakTo: 0,
    superTiebreak: false,
    server: config.firstServer,
    tiebreakFirstServer: config.firstServer,
    setsWon: pair(),
    winner: null,
    stats: {
      pointsWon: pair(),
      servicePointsWon: pair(),
      servicePointsPlayed: pair(),
      breakPointsFaced: pair(),
      breakPointsWon: pair(),
      longestRun: pair(),
    },
    lastWinner: null,
    run: 0,
  };
}

/** Whether the receiver wins the game with the next point: a break point (tiebreaks have none). */
function isBreakPoint(state: Running, config: LiveConfig): boolean {
  if (state.tiebreakTo > 0) return false;
  const receiver = other(state.server);
  const [r, s] = [state.points[receiver], state.points[state.server]];
  if (r < 3) return false;
  return r > s || (r === s && config.noAd) || (r === 3 && s < 3);
}

/** Starts the next set, or its super tiebreak, with `server` serving first. */
function nextSet(state: Running, config: LiveConfig, server: Side): void {
  state.games = pair();
  state.points = pair();
  state.server = server;
  const needed = setsToWin(config.matchType);
  const deciding = state.setsWon.defender === needed - 1 && state.setsWon.challenger === needed - 1;
  state.superTiebreak = deciding && config.finalSet === 'SUPER_TIEBREAK';
  state.tiebreakTo = state.superTiebreak ? 10 : 0;
  state.tiebreakFirstServer = server;
}

function winSet(state: Running, config: LiveConfig, side: Side, nextServer: Side): void {
  const set: LiveSet = { defender: state.games.defender, challenger: state.games.challenger };
  if (state.tiebreakTo > 0 && !state.superTiebreak) set.tiebreak = { ...state.points };
  if (state.superTiebreak) {
    set.defender = state.points.defender;
    set.challenger = state.points.challenger;
    set.superTiebreak = true;
  }
  state.sets.push(set);
  state.setsWon[side]++;
  if (state.setsWon[side] === setsToWin(config.matchType)) {
    state.winner = side;
    state.games = pair();
    state.points = pair();
    state.tiebreakTo = 0;
    // Stryker disable next-line BooleanLiteral: equivalent, nothing reads it once the match is won
    state.superTiebreak = false;
    return;
  }
  nextSet(state, config, nextServer);
}

function scorePoint(state: Running, config: LiveConfig, winner: Side): void {
  const { stats } = state;
  stats.pointsWon[winner]++;
  stats.servicePointsPlayed[state.server]++;
  if (winner === state.server) stats.servicePointsWon[winner]++;
  if (isBreakPoint(state, config)) {
    const receiver = other(state.server);
    stats.breakPointsFaced[receiver]++;
    if (winner === receiver) stats.breakPointsWon[receiver]++;
  }
  state.run = state.lastWinner === winner ? state.run + 1 : 1;
  state.lastWinner = winner;
  stats.longestRun[winner] = Math.max(stats.longestRun[winner], state.run);

  state.points[winner]++;
  const [won, lost] = [state.points[winner], state.points[other(winner)]];

  if (state.tiebreakTo > 0) {
    if (won >= state.tiebreakTo && won - lost >= 2) {
      // The side that received first in the tiebreak serves first in the next set.
      // Stryker disable next-line ConditionalExpression: equivalent, a super tiebreak ends the match, its set counts points
      if (!state.superTiebreak) state.games[winner]++;
      winSet(state, config, winner, other(state.tiebreakFirstServer));
      return;
    }
    // Inside a tiebreak the serve changes after the first point, then every two points.
    if ((state.points.defender + state.points.challenger) % 2 === 1) state.server = other(state.server);
    return;
  }

  const gameWon = config.noAd
    ? won >= 4 && (won - lost >= 2 || won + lost >= 7)
    : won >= 4 && won - lost >= 2;
  if (!gameWon) return;
  state.points = pair();
  state.games[winner]++;
  const nextServer = other(state.server);
  const [games, opponent] = [state.games[winner], state.games[other(winner)]];
  if (config.matchType === 'GAMESONLY') {
    state.server = nextServer;
    return;
  }
  if (games >= 6 && games - opponent >= 2) {
    winSet(state, config, winner, nextServer);
    return;
  }
  state.server = nextServer;
  if (state.games.defender === 6 && state.games.challenger === 6) {
    state.tiebreakTo = 7;
    state.tiebreakFirstServer = nextServer;
  }
}

/** The game's score of `side` as a scoreboard calls it: "0" "15" "30" "40" "AD", or tiebreak points. */
function callOf(state: Running, side: Side): string {
  // Stryker disable next-line ConditionalExpression: equivalent, a won match has its points and tiebreak reset ("0")
  if (state.winner) return '0';
  if (state.tiebreakTo > 0) return String(state.points[side]);
  const [mine, theirs] = [state.points[side], state.points[other(side)]];
  // Stryker disable next-line EqualityOperator: equivalent, at 3 points "40" is the call either way
  if (mine >= 3 && theirs >= 3) return mine > theirs ? 'AD' : '40';
  return GAME_CALLS[Math.min(mine, 3)]!;
}

/** One point as it was played (the live match page's timeline). */
export interface LiveStep {
  seq: number;
  winner: Side;
  /** Who served it. */
  server: Side;
  /** The set it was played in (0 = the first). */
  set: number;
  /** Played in a tiebreak or a super tiebreak. */
  tiebreak: boolean;
  /** Played in a super tiebreak (the deciding set's place). */
  superTiebreak: boolean;
  /** The receiver would have won the game with it. */
  breakPoint: boolean;
  /** The game's score after it, unless it ended the game (then "0"–"0"). */
  call: Record<Side, string>;
  /** The set's games after it (a super tiebreak's points). */
  games: Record<Side, number>;
  /** The point ended a game, a tiebreak or a super tiebreak. */
  gameEnded: boolean;
  /** The point ended its set. */
  setEnded: boolean;
}

/** Every counted point of `points` with where it stood: the same fold as `liveScore`, one step per point. */
export function liveSteps(config: LiveConfig, points: readonly Side[]): LiveStep[] {
  const state = start(config);
  const steps: LiveStep[] = [];
  for (const winner of points) {
    if (state.winner) break;
    const set = state.sets.length;
    const before = state.games.defender + state.games.challenger;
    const server = state.server;
    const tiebreak = state.tiebreakTo > 0;
    const superTiebreak = state.superTiebreak;
    const breakPoint = isBreakPoint(state, config);
    scorePoint(state, config, winner);
    const done = state.sets[set];
    const games = done
      ? { defender: done.defender, challenger: done.challenger }
      : { ...(superTiebreak ? state.points : state.games) };
    const gameEnded = done !== undefined || state.games.defender + state.games.challenger > before;
    steps.push({
      seq: steps.length + 1,
      winner,
      server,
      set,
      tiebreak,
      superTiebreak,
      breakPoint,
      call: gameEnded
        ? { defender: '0', challenger: '0' }
        : { defender: callOf(state, 'defender'), challenger: callOf(state, 'challenger') },
      games,
      gameEnded,
      setEnded: done !== undefined,
    });
  }
  return steps;
}

/**
 * The score after `points` (the winner of each point, in order). Points after the match is won change nothing.
 * `ended`: a games-only match its scorer ended; the side with more games wins it (none on equal games).
 */
export function liveScore(config: LiveConfig, points: readonly Side[], ended = false): LiveScore {
  const state = start(config);
  let counted = 0;
  for (const winner of points) {
    if (state.winner) break;
    scorePoint(state, config, winner);
    counted++;
  }
  // Stryker disable next-line ConditionalExpression: equivalent, a games-only match has no winner before it is ended
  if (ended && config.matchType === 'GAMESONLY' && state.winner === null) {
    const { defender, challenger } = state.games;
    state.sets.push({ defender, challenger });
    state.winner = defender > challenger ? 'defender' : challenger > defender ? 'challenger' : null;
    state.games = pair();
    state.points = pair();
    return {
      seq: counted,
      sets: state.sets,
      game: { defender: '0', challenger: '0' },
      server: state.server,
      finished: true,
      winner: state.winner,
      stats: state.stats,
    };
  }
  const current: LiveSet | undefined =
    state.winner !== null
      ? undefined
      : state.superTiebreak
        ? { defender: state.points.defender, challenger: state.points.challenger, superTiebreak: true }
        : {
            defender: state.games.defender,
            challenger: state.games.challenger,
            ...(state.tiebreakTo > 0 ? { tiebreak: { ...state.points } } : {}),
          };
  const call = (side: Side): string => callOf(state, side);
  return {
    seq: counted,
    sets: current ? [...state.sets, current] : state.sets,
    game: { defender: call('defender'), challenger: call('challenger') },
    server: state.server,
    finished: state.winner !== null,
    winner: state.winner,
    stats: state.stats,
  };
}

/** DESIGN.md §7 defaults: golden point for padel; a super tiebreak as the final set of best of three. */
export function liveDefaults(
  sportsCategory: string,
  matchType: MatchType,
): Pick<LiveConfig, 'noAd' | 'finalSet'> {
  return {
    noAd: sportsCategory === 'PADEL',
    finalSet: matchType === 'BESTOFTHREE' ? 'SUPER_TIEBREAK' : 'SET',
  };
}

/**
 * The live score as the spec's match sets (what a save would carry): a tiebreak set is 7–6 with both sides'
 * tiebreak points, a super tiebreak is its points (`[10-8]`), so card, widget and list need no special case.
 */
export function recordedSides(
  score: LiveScore,
): Record<Side, { matchSets: Array<{ score: number; tiebreakScore?: number }>; special: 'none' }> {
  const side = (which: Side) => ({
    matchSets: score.sets.map((set) => ({
      score: set[which],
      ...(set.tiebreak ? { tiebreakScore: set.tiebreak[which] } : {}),
    })),
    special: 'none' as const,
  });
  return { defender: side('defender'), challenger: side('challenger') };
}
