import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  daysBetween,
  foldPause,
  isPaused,
  pauseDaysLeft,
  pauseDaysUsed,
  pauseDecider,
  pauseRefusalMessages,
  UNTIL_NOT_LATER,
  NO_TEAM,
  type PauseEvent,
  type PauseState,
} from './pause.ts';

/** Saturday 14 March 2026, 10:00 local: today is 2026-03-14. */
const now = new Date('2026-03-14T10:00:00');
const seasonRef = { seasonId: 'season-1', ladderId: 'ladder-1' };
const ref = (teamId: string) => ({ teamId, ...seasonRef });
const spec = (maxPauseDays = 21, busy: string[] = [], given: PauseEvent[] = []) =>
  deciderSpec({
    ...pauseDecider,
    initialState: (): PauseState => ({
      season: { ...seasonRef, maxPauseDays },
      teams: Object.fromEntries(
        ['t1', 't2'].map((teamId) => [teamId, { teamId, busy: busy.includes(teamId), pauses: [] }]),
      ),
    }),
  })(given);
const paused = (teamId: string, from: string, until: string): PauseEvent & { streamId: string } => ({
  type: 'TeamPaused',
  streamId: teamId,
  payload: { ...ref(teamId), from, until },
});
const resumed = (teamId: string, on: string): PauseEvent & { streamId: string } => ({
  type: 'TeamResumed',
  streamId: teamId,
  payload: { ...ref(teamId), on },
});
const refused = (code: keyof typeof pauseRefusalMessages) => ({
  reason: 'conflict' as const,
  message: pauseRefusalMessages[code],
  code,
});

describe('pause (DESIGN.md §9, §15): a team pauses for at most maxPauseDays per season', () => {
  it('given an active team, when a member pauses it until a later day, then it is paused from today until then', () => {
    spec()
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-20' }, now)
      .then([paused('t1', '2026-03-14', '2026-03-20')]);
  });

  it('given 21 days, a pause of exactly 21 days is allowed and one of 22 is too long', () => {
    spec()
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-04' }, now)
      .then([paused('t1', '2026-03-14', '2026-04-04')]);
    spec()
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-05' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
  });

  it('given days used earlier in the season, only the rest may be used', () => {
    const earlier = [paused('t1', '2026-03-01', '2026-03-11')];
    spec(21, [], earlier)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-25' }, now)
      .then([paused('t1', '2026-03-14', '2026-03-25')]);
    spec(21, [], earlier)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-26' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
  });

  it('given a resume before until, the unused days are given back', () => {
    // Paused 10 to 31 March (21 days), back by hand on the 14th: 4 days used, 17 left.
    const given = [paused('t1', '2026-03-10', '2026-03-31'), resumed('t1', '2026-03-14')];
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-31' }, now)
      .then([paused('t1', '2026-03-14', '2026-03-31')]);
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-01' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
  });

  it('given a team paused already, a new until replaces the rest of its pause', () => {
    // Paused since the 10th until the 31st: 4 days used so far; a new until may reach 17 days from today.
    const given = [paused('t1', '2026-03-10', '2026-03-31')];
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-31' }, now)
      .then([paused('t1', '2026-03-14', '2026-03-31')]);
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-01' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
  });

  it('given a pause resumed on the day it began, it used one day (DESIGN.md §19)', () => {
    const given = [paused('t1', '2026-03-14', '2026-03-20'), resumed('t1', '2026-03-14')];
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-03' }, now)
      .then([paused('t1', '2026-03-14', '2026-04-03')]);
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-04' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
  });

  it('given a pause and resume on each of two days, two of two days are used: no pause is left', () => {
    const given = [
      paused('t1', '2026-03-12', '2026-03-13'),
      resumed('t1', '2026-03-12'),
      paused('t1', '2026-03-13', '2026-03-14'),
      resumed('t1', '2026-03-13'),
    ];
    spec(2, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-15' }, now)
      .thenRejects(refused('PAUSE_TOO_LONG'));
    spec(3, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-15' }, now)
      .then([paused('t1', '2026-03-14', '2026-03-15')]);
  });

  it('given a team paused today, a new until on the same day replaces its pause without an extra day', () => {
    const given = [paused('t1', '2026-03-14', '2026-03-31')];
    spec(21, [], given)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-04-04' }, now)
      .then([paused('t1', '2026-03-14', '2026-04-04')]);
  });

  it('given until today or earlier, then it is invalid (400)', () => {
    for (const until of ['2026-03-14', '2026-03-13']) {
      spec()
        .when({ type: 'PauseTeam', teamId: 't1', until }, now)
        .thenRejects({ reason: 'invalid', message: UNTIL_NOT_LATER, field: 'until' });
    }
  });

  it('given maxPauseDays 0, then pausing is off', () => {
    spec(0)
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-15' }, now)
      .thenRejects(refused('PAUSING_OFF'));
  });

  it('given a team in a challenge, then it cannot pause (BUSY)', () => {
    spec(21, ['t1'])
      .when({ type: 'PauseTeam', teamId: 't1', until: '2026-03-15' }, now)
      .thenRejects(refused('BUSY'));
  });

  it('given no such active team or no season, then not found', () => {
    spec()
      .when({ type: 'PauseTeam', teamId: 't9', until: '2026-03-15' }, now)
      .thenRejects({ reason: 'not_found', message: NO_TEAM });
    spec()
      .when({ type: 'ResumeTeam', teamId: 't9' }, now)
      .thenRejects({ reason: 'not_found', message: NO_TEAM });
    expect(pauseDecider.decide({ type: 'ResumeDuePauses' }, pauseDecider.initialState(), now)).toMatchObject({
      reason: 'not_found',
    });
  });

  it('given a paused team, when a member resumes it, then it is back today', () => {
    spec(21, [], [paused('t1', '2026-03-10', '2026-03-20')])
      .when({ type: 'ResumeTeam', teamId: 't1' }, now)
      .then([resumed('t1', '2026-03-14')]);
  });

  it('given a team not paused, or whose until has come, then resuming is refused (NOT_PAUSED)', () => {
    spec().when({ type: 'ResumeTeam', teamId: 't1' }, now).thenRejects(refused('NOT_PAUSED'));
    spec(21, [], [paused('t1', '2026-03-10', '2026-03-14')])
      .when({ type: 'ResumeTeam', teamId: 't1' }, now)
      .thenRejects(refused('NOT_PAUSED'));
    spec(21, [], [paused('t1', '2026-03-10', '2026-03-20'), resumed('t1', '2026-03-12')])
      .when({ type: 'ResumeTeam', teamId: 't1' }, now)
      .thenRejects(refused('NOT_PAUSED'));
  });

  it('given teams whose until has come, the deadline process resumes them on their until, and no other', () => {
    spec(21, [], [paused('t1', '2026-03-10', '2026-03-14'), paused('t2', '2026-03-10', '2026-03-15')])
      .when({ type: 'ResumeDuePauses' }, now)
      .then([resumed('t1', '2026-03-14')]);
    spec(21, [], [paused('t1', '2026-03-01', '2026-03-12'), resumed('t1', '2026-03-12')])
      .when({ type: 'ResumeDuePauses' }, now)
      .then([]);
  });

  it('given events about a team the state does not know, nothing changes', () => {
    const state = pauseDecider.initialState();
    expect(pauseDecider.evolve(state, paused('t9', '2026-03-10', '2026-03-20'))).toBe(state);
  });
});

describe('pause days and dates', () => {
  it('counts whole calendar days', () => {
    expect(daysBetween('2026-03-14', '2026-04-04')).toBe(21);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-14', '2026-03-13')).toBe(-1);
  });

  it('a team is paused before its until, not on it', () => {
    expect(isPaused({ pausedUntil: '2026-03-15' }, '2026-03-14')).toBe(true);
    expect(isPaused({ pausedUntil: '2026-03-14' }, '2026-03-14')).toBe(false);
    expect(isPaused({}, '2026-03-14')).toBe(false);
    expect(isPaused(undefined, '2026-03-14')).toBe(false);
  });

  it('the days left count a pause under way to its planned end', () => {
    const state: PauseState = {
      season: { ...seasonRef, maxPauseDays: 21 },
      teams: {
        t1: {
          teamId: 't1',
          busy: false,
          pausedUntil: '2026-03-20',
          pauses: [{ from: '2026-03-10', until: '2026-03-20' }],
        },
      },
    };
    expect(pauseDaysLeft(state, 't1')).toBe(11);
    expect(pauseDaysLeft(state, 't9')).toBe(21);
    expect(pauseDaysLeft({ teams: {} }, 't9')).toBe(0);
  });

  it('a resume on the day a pause started leaves a period of no days that counts one; a resume of no pause changes nothing', () => {
    const started = foldPause({ pauses: [] }, paused('t1', '2026-03-14', '2026-03-20'));
    expect(started).toEqual({
      pausedUntil: '2026-03-20',
      pauses: [{ from: '2026-03-14', until: '2026-03-20' }],
    });
    const sameDay = foldPause(started, resumed('t1', '2026-03-14'));
    expect(sameDay).toEqual({ pauses: [{ from: '2026-03-14', until: '2026-03-14' }] });
    expect(pauseDaysUsed(sameDay)).toBe(1);
    // Paused again that day: the resumed one still counts, the new one counts its own days.
    const again = foldPause(sameDay, paused('t1', '2026-03-14', '2026-03-16'));
    expect(pauseDaysUsed(again)).toBe(3);
    // A pause replaced on the day it began is gone: the new one counts that day.
    const replaced = foldPause(started, paused('t1', '2026-03-14', '2026-03-16'));
    expect(replaced.pauses).toEqual([{ from: '2026-03-14', until: '2026-03-16' }]);
    expect(pauseDaysUsed(replaced)).toBe(2);
    expect(foldPause(started, resumed('t1', '2026-03-25'))).toEqual({
      pauses: [{ from: '2026-03-14', until: '2026-03-20' }],
    });
    const idle = { pauses: [{ from: '2026-03-01', until: '2026-03-05' }] };
    expect(foldPause(idle, resumed('t1', '2026-03-03'))).toBe(idle);
  });
});
