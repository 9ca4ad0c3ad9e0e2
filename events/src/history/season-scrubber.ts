import type { EventEnvelope } from '../envelope.ts';
import { evolveSeasonHistory, initialSeasonHistory, type SeasonHistoryState } from './season-fold.ts';

export interface PositionedEvent {
  /** The company's count of its events (DESIGN.md §8 `position`). */
  position: number;
  event: EventEnvelope;
}

/**
 * A season as it stood after any of its events, for a slider (DESIGN.md §8). Folding from the first event at every
 * step costs the whole season each time; this folds once, keeps the state every `every` events, and answers a step
 * by folding on from the nearest kept state before it (at most `every - 1` events), or from the last answer when the
 * step is just after it (a slider dragged forward). The states are the fold's own values, never changed afterwards.
 */
export class SeasonScrubber {
  private readonly kept: SeasonHistoryState[] = [];
  // Stryker disable next-line ObjectLiteral: equivalent, the last answer only saves folding; without it the kept states answer
  private last: { count: number; state: SeasonHistoryState } = { count: 0, state: initialSeasonHistory() };

  constructor(
    private readonly events: readonly PositionedEvent[],
    private readonly every = 50,
  ) {
    let state = initialSeasonHistory();
    this.kept.push(state);
    events.forEach(({ event }, index) => {
      state = evolveSeasonHistory(state, event);
      if ((index + 1) % every === 0) this.kept.push(state);
    });
  }

  /** The season after every event up to and including `position` (before its first event: the empty state). */
  stateAt(position: number): SeasonHistoryState {
    const count = this.countUpTo(position);
    const from =
      // Stryker disable next-line all: equivalent, from the last answer or from a kept state the fold is the same (only its cost differs)
      this.last.count <= count && count - this.last.count < this.every
        ? this.last
        : {
            count: Math.floor(count / this.every) * this.every,
            state: this.kept[Math.floor(count / this.every)]!,
          };
    let state = from.state;
    for (let index = from.count; index < count; index += 1)
      state = evolveSeasonHistory(state, this.events[index]!.event);
    // Stryker disable next-line ObjectLiteral: equivalent, the last answer only saves folding
    this.last = { count, state };
    return state;
  }

  /** How many events are at or before `position` (the events are in position order). */
  private countUpTo(position: number): number {
    let [low, high] = [0, this.events.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
