import { isRejection, type Decider } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import {
  seasonTeamsDecider,
  type SeasonTeamsState,
  type TeamCommand,
  type TeamDomainEvent,
} from '../teams/decider.ts';
import { boxesDecider, leaveBoxes, type BoxesEvent, type BoxesState } from './decider.ts';

/** A season's teams and its boxes: what a team's leaving is decided against. */
export interface SeasonTeamsWithBoxesState {
  teams: SeasonTeamsState;
  boxes: BoxesState;
}

export type SeasonTeamsWithBoxesEvent = TeamDomainEvent | BoxesEvent;

const boxEventTypes = new Set<string>([
  'BoxesDrawn',
  'BoxesClosed',
  'MatchCreated',
  'MatchResultRecorded',
  'ResultConfirmed',
  'ResultDisputed',
  'MatchCancelled',
  'TeamRemoved',
]);
const isBoxEvent = (event: SeasonTeamsWithBoxesEvent): event is BoxesEvent => boxEventTypes.has(event.type);
const isTeamEvent = (event: SeasonTeamsWithBoxesEvent): event is TeamDomainEvent =>
  !boxEventTypes.has(event.type) || event.type === 'TeamRemoved';

/**
 * The team rules with DESIGN.md §19 "Box seasons" on top: a team that leaves a season (a manager's remove, a
 * player's leave, an erasure: every `TeamRemoved`) leaves its box in the same command, its box matches without a
 * result cancelled with it. One command, so a team never stands outside the season with matches still to play.
 */
export const seasonTeamsWithBoxesDecider: Decider<
  TeamCommand,
  SeasonTeamsWithBoxesState,
  SeasonTeamsWithBoxesEvent
> = {
  initialState: () => ({ teams: seasonTeamsDecider.initialState(), boxes: boxesDecider.initialState() }),

  decide(command, state, now) {
    const decided = seasonTeamsDecider.decide(command, state.teams, now);
    if (isRejection(decided)) return decided;
    return decided.flatMap((event): NewEvent[] =>
      event.type === 'TeamRemoved'
        ? [event, ...leaveBoxes(state.boxes, (event.payload as { teamId: string }).teamId)]
        : [event],
    );
  },

  evolve(state, event) {
    return {
      teams: isTeamEvent(event) ? seasonTeamsDecider.evolve(state.teams, event) : state.teams,
      boxes: isBoxEvent(event) ? boxesDecider.evolve(state.boxes, event) : state.boxes,
    };
  },
};
