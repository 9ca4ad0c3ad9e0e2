import { refuse, reject, type Decider } from '../decider.ts';
import { isoDay } from '../ladders/season-rules.ts';
import { teamPaused, teamResumed } from './events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One pause of a team: calendar days of the club, `until` being the first day back. */
export interface PausePeriod {
  from: string;
  until: string;
}

/** A team's pauses as the read model keeps them: all its periods, and `pausedUntil` while one is not resumed. */
export interface TeamPauses {
  pausedUntil?: string;
  pauses: PausePeriod[];
}

/** A season's pause rule and its active teams, each with its pauses and whether it is in a challenge. */
export interface PauseState {
  season?: { seasonId: string; ladderId: string; maxPauseDays: number };
  teams: Record<string, TeamPauses & { teamId: string; busy: boolean }>;
}

export type PauseCommand =
  | { type: 'PauseTeam'; teamId: string; until: string }
  | { type: 'ResumeTeam'; teamId: string }
  /** The deadline process (actor `system`): every team whose `until` has come is back. */
  | { type: 'ResumeDuePauses' };

interface TeamRef {
  teamId: string;
  seasonId: string;
  ladderId: string;
}

export type PauseEvent =
  | { type: typeof teamPaused.type; payload: TeamRef & PausePeriod }
  | { type: typeof teamResumed.type; payload: TeamRef & { on: string } };

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether the team is paused on `today`: a pause not resumed whose first day back has not come. */
export function isPaused(team: Pick<TeamPauses, 'pausedUntil'> | undefined, today: string): boolean {
  return team?.pausedUntil !== undefined && team.pausedUntil > today;
}

/**
 * The days the team's pauses take from the season's allowance. DESIGN.md §19 "Pause": a pause uses at least one
 * day, so one resumed on the day it began (a period of no days) counts one: else pausing and resuming within a day
 * would keep a team out of reach all season for nothing.
 */
export function pauseDaysUsed(team: Pick<TeamPauses, 'pauses'>): number {
  return team.pauses.reduce((sum, pause) => sum + Math.max(1, daysBetween(pause.from, pause.until)), 0);
}

/**
 * The current pause ends on `day` (never later than planned): the rest of it is given back. `replaced`: a new pause
 * begins on `day`, which takes the place of an ended pause of no days (the new one counts that day); a pause
 * resumed on the day it began stays, as a period of no days that counts one day (`pauseDaysUsed`).
 */
function endCurrent(team: TeamPauses, day: string, replaced: boolean): PausePeriod[] {
  const last = team.pauses.at(-1);
  if (team.pausedUntil === undefined || !last) return team.pauses;
  const ended = { from: last.from, until: last.until < day ? last.until : day };
  const kept = replaced ? ended.from < ended.until : ended.from <= ended.until;
  return [...team.pauses.slice(0, -1), ...(kept ? [ended] : [])];
}

/** A team's pauses after a pause event: the fold shared by the rules and the read models. */
export function foldPause(team: TeamPauses, event: PauseEvent): TeamPauses {
  switch (event.type) {
    case 'TeamPaused': {
      const { from, until } = event.payload;
      return { pausedUntil: until, pauses: [...endCurrent(team, from, true), { from, until }] };
    }
    case 'TeamResumed':
      if (team.pausedUntil === undefined) return team;
      return { pauses: endCurrent(team, event.payload.on, false) };
    // Stryker disable next-line all: unreachable, the type checker proves every event handled
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${(unknown as { type: string }).type}`);
    }
  }
}

type PauseRefusalCode = 'PAUSE_TOO_LONG' | 'BUSY' | 'PAUSING_OFF' | 'NOT_PAUSED';
export const pauseRefusalMessages: Record<PauseRefusalCode, string> = {
  PAUSE_TOO_LONG: 'This pause is longer than the days your team has left',
  BUSY: 'A team in a challenge cannot pause',
  PAUSING_OFF: 'Pausing is turned off in this season',
  NOT_PAUSED: 'This team is not paused',
};
export const UNTIL_NOT_LATER = 'Choose a day after today';
export const NO_TEAM = 'No such active team in this season';

/**
 * The days the team has left of the season's allowance: what its pauses took, a pause under way counted to its
 * planned first day back (the answer of a pause and of a resume).
 */
export function pauseDaysLeft(state: PauseState, teamId: string): number {
  const team = state.teams[teamId];
  const max = state.season?.maxPauseDays ?? 0;
  return team ? max - pauseDaysUsed(team) : max;
}

/** The days a new pause from `today` may take: the rest of a pause under way is given back for it. */
function daysAvailable(state: PauseState, team: TeamPauses, today: string): number {
  return (state.season?.maxPauseDays ?? 0) - pauseDaysUsed({ pauses: endCurrent(team, today, true) });
}

/**
 * DESIGN.md §9 and §15 "Pause": an active team pauses for at most `maxPauseDays` in total per season (0: off), not
 * while it is in a challenge; `until` is its first day back and must come after today; resuming early gives the
 * unused days back, but a pause uses at least one day (§19). The deadline process resumes a team at `until`.
 */
export const pauseDecider: Decider<PauseCommand, PauseState, PauseEvent> = {
  initialState: () => ({ teams: {} }),

  decide(command, state, now) {
    const { season } = state;
    if (!season) return reject('not_found', 'No such season');
    const today = isoDay(now);
    const ref = (teamId: string) => ({ teamId, seasonId: season.seasonId, ladderId: season.ladderId });
    if (command.type === 'ResumeDuePauses') {
      return Object.values(state.teams)
        .filter((team) => team.pausedUntil !== undefined && team.pausedUntil <= today)
        .map((team) => ({
          type: teamResumed.type,
          streamId: team.teamId,
          payload: { ...ref(team.teamId), on: team.pausedUntil! },
        }));
    }
    const team = state.teams[command.teamId];
    if (!team) return reject('not_found', NO_TEAM);
    if (command.type === 'ResumeTeam') {
      if (!isPaused(team, today)) return refuse('NOT_PAUSED', pauseRefusalMessages.NOT_PAUSED);
      return [{ type: teamResumed.type, streamId: team.teamId, payload: { ...ref(team.teamId), on: today } }];
    }
    if (command.until <= today) return reject('invalid', UNTIL_NOT_LATER, 'until');
    if (season.maxPauseDays === 0) return refuse('PAUSING_OFF', pauseRefusalMessages.PAUSING_OFF);
    if (team.busy) return refuse('BUSY', pauseRefusalMessages.BUSY);
    if (daysBetween(today, command.until) > daysAvailable(state, team, today)) {
      return refuse('PAUSE_TOO_LONG', pauseRefusalMessages.PAUSE_TOO_LONG);
    }
    return [
      {
        type: teamPaused.type,
        streamId: team.teamId,
        payload: { ...ref(team.teamId), from: today, until: command.until },
      },
    ];
  },

  evolve(state, event) {
    const team = state.teams[event.payload.teamId];
    if (!team) return state;
    const { teamId, busy } = team;
    return { ...state, teams: { ...state.teams, [teamId]: { teamId, busy, ...foldPause(team, event) } } };
  },
};
