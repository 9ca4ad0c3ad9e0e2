import type { Decider } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import { teamDroppedForInactivity } from './events.ts';
import type { PausePeriod } from './pause.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A season's active teams in ladder order, each with when it last played a counted match (or joined, or dropped). */
export interface InactivityState {
  season?: { seasonId: string; ladderId: string; inactivityDays: number };
  /** `pauses`: the team's pauses (DESIGN.md §9), an ongoing one up to its planned first day back. */
  teams: Array<{ teamId: string; activeSince: string; pauses?: PausePeriod[] }>;
}

/** The time of `pauses` that lies between `since` and `now`: the inactivity clock stands still then. */
function pausedMs(pauses: readonly PausePeriod[], since: number, now: number): number {
  return pauses.reduce((sum, pause) => {
    const from = Math.max(Date.parse(`${pause.from}T00:00:00Z`), since);
    const until = Math.min(Date.parse(`${pause.until}T00:00:00Z`), now);
    return sum + Math.max(0, until - from);
  }, 0);
}

type InactivityCommand = { type: 'ApplyInactivity' };

export type InactivityEvent = {
  type: typeof teamDroppedForInactivity.type;
  payload: {
    teamId: string;
    seasonId: string;
    ladderId: string;
    passedBy: string;
    fromPosition: number;
    droppedAt: string;
  };
};

/**
 * DESIGN.md §5 `inactivityDays` (0 = off): a team whose last counted match (or its joining, or its last drop) is
 * that many days ago drops one place. From the bottom up, each such team trades places with the team under it,
 * unless that team is inactive too (then neither gains on the other). The drop starts a new period, so a team
 * keeps dropping one place per period until it plays. Paused days do not count (DESIGN.md §15 "Pause").
 */
export const inactivityDecider: Decider<InactivityCommand, InactivityState, InactivityEvent> = {
  initialState: () => ({ teams: [] }),

  decide(_command, state, now) {
    const { season } = state;
    if (!season || season.inactivityDays === 0) return [];
    const due = (index: number) => {
      const team = state.teams[index]!;
      const since = Date.parse(team.activeSince);
      const inactive = now.getTime() - since - pausedMs(team.pauses ?? [], since, now.getTime());
      return inactive >= season.inactivityDays * DAY_MS;
    };
    const events: NewEvent[] = [];
    for (let index = state.teams.length - 2; index >= 0; index--) {
      if (!due(index) || due(index + 1)) continue;
      const team = state.teams[index]!;
      events.push({
        type: teamDroppedForInactivity.type,
        streamId: team.teamId,
        payload: {
          teamId: team.teamId,
          seasonId: season.seasonId,
          ladderId: season.ladderId,
          passedBy: state.teams[index + 1]!.teamId,
          fromPosition: index + 1,
          droppedAt: now.toISOString(),
        },
      });
    }
    return events;
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamDroppedForInactivity': {
        const teams = [...state.teams];
        const index = teams.findIndex((team) => team.teamId === event.payload.teamId);
        const below = teams[index + 1];
        if (index < 0 || below?.teamId !== event.payload.passedBy) return state;
        const dropped = { ...teams[index]!, activeSince: event.payload.droppedAt };
        teams[index] = below;
        teams[index + 1] = dropped;
        return { ...state, teams };
      }
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event.type;
        throw new Error(`unknown event ${String(unknown)}`);
      }
    }
  },
};
