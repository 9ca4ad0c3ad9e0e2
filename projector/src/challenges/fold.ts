import { challengeEvents, type ChallengeEvent } from '@courtside/events/challenges/events';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { ChallengeRow, ReadModelRows } from '../rebuild/rows.ts';

const handled = new Set<string>(challengeEvents.map((definition) => definition.type));

/** challengesProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldChallenges(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as ChallengeEvent;
  const { challengeId } = event.payload;
  const challenge = rows.challenges.get(challengeId);
  const changeState = (state: string, from: string, extra: Partial<ChallengeRow> = {}) => {
    if (challenge?.state !== from) return;
    Object.assign(challenge, { state, updated_at: event.occurredAt, ...extra });
  };
  switch (event.type) {
    case 'ChallengeIssued': {
      if (challenge) return;
      const p = event.payload;
      rows.challenges.set(challengeId, {
        id: challengeId,
        season_id: p.seasonId,
        ladder_id: p.ladderId,
        company_id: event.companyId,
        challenger_team_id: p.challengerTeamId,
        defender_team_id: p.defenderTeamId,
        state: 'open',
        issued_at: p.issuedAt,
        respond_by: p.respondBy,
        play_by: null,
        match_id: null,
        play_days: p.playDays,
        decline_is_walkover: p.declineIsWalkover,
        updated_at: event.occurredAt,
      });
      return;
    }
    case 'ChallengeAccepted':
      changeState('accepted', 'open', { match_id: event.payload.matchId, play_by: event.payload.playBy });
      return;
    case 'ChallengeDeclined':
    case 'ChallengeExpired':
      changeState(event.type === 'ChallengeDeclined' ? 'declined' : 'expired', 'open', {
        match_id: event.payload.matchId ?? null,
      });
      return;
    case 'ChallengeWithdrawn':
      changeState('withdrawn', 'open');
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
