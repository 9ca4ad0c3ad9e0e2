import { liveScore, liveSteps, type LiveConfig, type LiveScore, type LiveStep, type Side } from './engine.ts';

/** One game of the timeline (a tiebreak and a super tiebreak are one game each), its points in order. */
export interface TimelineGame {
  server: Side;
  tiebreak: boolean;
  superTiebreak: boolean;
  points: LiveStep[];
  /** Who won it; null while it is being played. */
  winner: Side | null;
  /** The set's games after it (a super tiebreak's points). */
  games: Record<Side, number>;
  /** Won by the receiver (never in a tiebreak). */
  broken: boolean;
}

export interface LiveTimeline {
  /** Per set, its games in order. */
  sets: TimelineGame[][];
  /** The lead (defender's points won minus challenger's) after each point: `momentum[i]` is after point i + 1. */
  momentum: number[];
  /** The number of the last point of each finished set. */
  setEnds: number[];
}

/** The point-by-point timeline of a live match and its momentum (DESIGN.md §7, the live match page). */
export function liveTimeline(config: LiveConfig, points: readonly Side[]): LiveTimeline {
  const sets: TimelineGame[][] = [];
  const momentum: number[] = [];
  const setEnds: number[] = [];
  let lead = 0;
  let open: TimelineGame | undefined;
  for (const step of liveSteps(config, points)) {
    lead += step.winner === 'defender' ? 1 : -1;
    momentum.push(lead);
    const games = (sets[step.set] ??= []);
    if (!open) {
      open = {
        server: step.server,
        tiebreak: step.tiebreak,
        superTiebreak: step.superTiebreak,
        points: [],
        winner: null,
        games: step.games,
        broken: false,
      };
      games.push(open);
    }
    open.points.push(step);
    open.games = step.games;
    if (!step.gameEnded) continue;
    open.winner = step.winner;
    open.broken = !open.tiebreak && step.winner !== open.server;
    open = undefined;
    if (step.setEnded) setEnds.push(step.seq);
  }
  return { sets, momentum, setEnds };
}

type Shown = Pick<LiveScore, 'seq' | 'sets' | 'game' | 'server' | 'finished'> & {
  stats: Pick<LiveScore['stats'], 'pointsWon'>;
};

const sameScore = (a: Shown, b: Shown): boolean =>
  a.seq === b.seq &&
  a.server === b.server &&
  a.finished === b.finished &&
  a.game.defender === b.game.defender &&
  a.game.challenger === b.game.challenger &&
  a.sets.length === b.sets.length &&
  a.sets.every((set, i) => {
    const other = b.sets[i]!;
    return (
      set.defender === other.defender &&
      set.challenger === other.challenger &&
      set.tiebreak?.defender === other.tiebreak?.defender &&
      set.tiebreak?.challenger === other.tiebreak?.challenger
    );
  });

/**
 * The points after a pushed state (`live.updated` carries the state, not the points): the same points, one more
 * (its winner is the side whose points won went up) or one fewer (an undo). Null when the push does not follow
 * from `points` (a missed push, another match's rules): the caller reads the points again.
 */
export function followLive(config: LiveConfig, points: readonly Side[], pushed: Shown): Side[] | null {
  let next: Side[];
  if (pushed.seq === points.length) next = [...points];
  else if (pushed.seq === points.length - 1) next = points.slice(0, -1);
  // Stryker disable next-line ConditionalExpression: equivalent, a state of any other seq never matches one more point
  else if (pushed.seq === points.length + 1) {
    const defenderWon = points.filter((side) => side === 'defender').length;
    next = [...points, pushed.stats.pointsWon.defender > defenderWon ? 'defender' : 'challenger'];
  } else return null;
  return sameScore(liveScore(config, next, pushed.finished), pushed) ? next : null;
}
