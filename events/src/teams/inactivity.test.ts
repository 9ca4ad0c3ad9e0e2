import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { inactivityDecider, type InactivityEvent, type InactivityState } from './inactivity.ts';

const now = new Date('2026-03-31T10:00:00Z');
const seasonRef = { seasonId: 'season-1', ladderId: 'ladder-1' };
/** t1..t4 at #1..#4; each active since the given day of March. */
const ladder = (...days: number[]): InactivityState['teams'] =>
  days.map((day, index) => ({
    teamId: `t${index + 1}`,
    activeSince: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  }));
const spec = (teams: InactivityState['teams'], inactivityDays = 14, given: InactivityEvent[] = []) =>
  deciderSpec({
    ...inactivityDecider,
    initialState: (): InactivityState => ({ season: { ...seasonRef, inactivityDays }, teams }),
  })(given);
const dropped = (teamId: string, passedBy: string, fromPosition: number) => ({
  type: 'TeamDroppedForInactivity',
  streamId: teamId,
  payload: { teamId, ...seasonRef, passedBy, fromPosition, droppedAt: now.toISOString() },
});

describe('inactivity (DESIGN.md §5 inactivityDays): a team that does not play drops one place per period', () => {
  it('given #2 last played 14 days ago, when the deadline runs, then #2 drops below #3', () => {
    spec(ladder(30, 17, 30, 30))
      .when({ type: 'ApplyInactivity' }, now)
      .then([dropped('t2', 't3', 2)]);
  });

  it('given 13 days and 23 hours, or inactivity off, then nobody drops', () => {
    spec(ladder(30, 17, 30, 30))
      .when({ type: 'ApplyInactivity' }, new Date('2026-03-31T09:59:59Z'))
      .then([]);
    spec(ladder(1, 1, 1, 30), 0)
      .when({ type: 'ApplyInactivity' }, now)
      .then([]);
  });

  it('given the last team, or two inactive neighbours, then they keep their order; the active team below still gains', () => {
    // #4 has nobody below; #2 and #3 are both inactive: #3 drops below #4, #2 stays above #3.
    spec(ladder(30, 1, 1, 1))
      .when({ type: 'ApplyInactivity' }, now)
      .then([]);
    spec(ladder(30, 1, 1, 30))
      .when({ type: 'ApplyInactivity' }, now)
      .then([dropped('t3', 't4', 3)]);
  });

  it('given a drop, the next period starts at the drop: the same run again changes nothing', () => {
    const teams = ladder(30, 17, 30, 30);
    const state = inactivityDecider.evolve(
      { season: { ...seasonRef, inactivityDays: 14 }, teams },
      dropped('t2', 't3', 2) as InactivityEvent,
    );
    expect(state.teams.map((team) => team.teamId)).toEqual(['t1', 't3', 't2', 't4']);
    expect(inactivityDecider.decide({ type: 'ApplyInactivity' }, state, now)).toEqual([]);
    // Two weeks after the drop, still without a match (the others played meanwhile): it drops again.
    const othersPlayed = {
      ...state,
      teams: state.teams.map((team) =>
        team.teamId === 't2' ? team : { ...team, activeSince: '2026-04-10T10:00:00.000Z' },
      ),
    };
    const later = new Date('2026-04-14T10:00:00Z');
    expect(inactivityDecider.decide({ type: 'ApplyInactivity' }, othersPlayed, later)).toEqual([
      {
        ...dropped('t2', 't4', 3),
        payload: { ...dropped('t2', 't4', 3).payload, droppedAt: later.toISOString() },
      },
    ]);
  });
});

describe('the edges of the inactivity rule', () => {
  it('starts with no season: nothing to decide', () => {
    expect(inactivityDecider.initialState()).toEqual({ teams: [] });
    expect(
      inactivityDecider.decide({ type: 'ApplyInactivity' }, inactivityDecider.initialState(), now),
    ).toEqual([]);
  });

  it('given inactivity off, then nobody drops, however long ago a team played', () => {
    spec(ladder(30, 1, 30, 30), 0)
      .when({ type: 'ApplyInactivity' }, now)
      .then([]);
  });

  it('given #1 inactive, then #1 drops too', () => {
    spec(ladder(1, 30, 30, 30))
      .when({ type: 'ApplyInactivity' }, now)
      .then([dropped('t1', 't2', 1)]);
  });

  it('folds only a drop that still fits the ladder: the team passing it stands right below it', () => {
    const start: InactivityState = {
      season: { ...seasonRef, inactivityDays: 14 },
      teams: ladder(1, 30, 30, 30),
    };
    const order = (event: ReturnType<typeof dropped>) =>
      inactivityDecider.evolve(start, event as InactivityEvent).teams.map((team) => team.teamId);
    expect(order(dropped('t1', 't3', 1))).toEqual(['t1', 't2', 't3', 't4']);
    expect(order(dropped('t9', 't2', 1))).toEqual(['t1', 't2', 't3', 't4']);
    expect(order(dropped('t4', 't1', 4))).toEqual(['t1', 't2', 't3', 't4']);
    expect(order(dropped('t1', 't2', 1))).toEqual(['t2', 't1', 't3', 't4']);
  });

  it('given paused days since its last activity, they do not count (DESIGN.md §15 "Pause")', () => {
    // #2 active since 17 March: 14 days by the 31st, but paused 20-22 March (2 days): 12 days, it stays.
    const teams = ladder(30, 17, 30, 30);
    teams[1] = { ...teams[1]!, pauses: [{ from: '2026-03-20', until: '2026-03-22' }] };
    spec(teams).when({ type: 'ApplyInactivity' }, now).then([]);
    // A pause before its last activity changes nothing: it drops.
    teams[1] = { ...teams[1]!, pauses: [{ from: '2026-03-01', until: '2026-03-10' }] };
    spec(teams)
      .when({ type: 'ApplyInactivity' }, now)
      .then([dropped('t2', 't3', 2)]);
    // A pause under way (until after now) counts up to now only: paused since the 30th, 13 days, it stays.
    teams[1] = { ...teams[1]!, pauses: [{ from: '2026-03-30', until: '2026-04-10' }] };
    spec(teams).when({ type: 'ApplyInactivity' }, now).then([]);
    // Only the part after its last activity counts: paused 15-18 March, 14 hours after the 17th 10:00.
    teams[1] = { ...teams[1]!, pauses: [{ from: '2026-03-15', until: '2026-03-18' }] };
    const at = (instant: string) => new Date(instant);
    spec(teams).when({ type: 'ApplyInactivity' }, now).then([]);
    spec(teams).when({ type: 'ApplyInactivity' }, at('2026-03-31T23:59:59Z')).then([]);
    spec(teams)
      .when({ type: 'ApplyInactivity' }, at('2026-04-01T00:00:00Z'))
      .then([
        {
          ...dropped('t2', 't3', 2),
          payload: { ...dropped('t2', 't3', 2).payload, droppedAt: '2026-04-01T00:00:00.000Z' },
        },
      ]);
  });
});
