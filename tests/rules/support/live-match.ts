import type { LiveDomainEvent, LiveMatchState } from '../../../events/src/live/decider.ts';
import type { LiveConfig } from '../../../events/src/live/engine.ts';
import type { MatchState } from '../../../events/src/matches/decider.ts';

/** A planned match of bo (defender) against ed (challenger) in a season of this match type, not yet scored live. */
export const ref = { matchId: 'm1', seasonId: 's1', ladderId: 'l1' };
export function plannedMatch(matchType: LiveConfig['matchType']): LiveMatchState {
  const match: MatchState = {
    season: {
      seasonId: ref.seasonId,
      ladderId: ref.ladderId,
      matchType,
      earliestDate: '2026-03-01',
      latestDate: '2026-06-30',
      positions: { bo: 2, ed: 5 },
      confirmHours: 48,
      movement: 'LEAPFROG',
    },
    match: {
      matchId: ref.matchId,
      defenderId: 'bo',
      challengerId: 'ed',
      defender: { matchSets: [], special: 'none' },
      challenger: { matchSets: [], special: 'none' },
      date: null,
      locationId: null,
      cancelled: false,
      hadWinner: false,
      confirmation: { state: 'confirmed' },
    },
  };
  return { match };
}
export const manager = { role: 'manager' as const };
export const started = (config: Omit<LiveConfig, 'matchType'>): LiveDomainEvent => ({
  type: 'LiveScoringStarted',
  payload: { ...ref, firstServer: config.firstServer, noAd: config.noAd, finalSet: config.finalSet },
});
export const pointScored = (seq: number, winner: 'defender' | 'challenger'): LiveDomainEvent => ({
  type: 'PointScored',
  payload: { ...ref, seq, winner },
});
