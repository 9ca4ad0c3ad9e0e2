import { fileURLToPath } from 'node:url';
import { challengeEvents, type ChallengeEvent } from '@courtside/events/challenges/events';
import type { Projection, ProjectionContext } from '../projection.ts';

const handled = new Set<string>(challengeEvents.map((definition) => definition.type));

/** A challenge as every client sees it (DESIGN.md §5). */
export interface ChallengeView {
  challengeId: string;
  seasonId: string;
  challengerTeamId: string;
  defenderTeamId: string;
  state: string;
  issuedAt: string;
  respondBy: string;
  playBy?: string;
  matchId?: string;
  /** Beyond DESIGN's shape: the challenge's match has a counted result or was cancelled (the teams are free). */
  played: boolean;
}

export const challengeViewColumns = `c.id AS "challengeId", c.season_id AS "seasonId",
  c.challenger_team_id AS "challengerTeamId", c.defender_team_id AS "defenderTeamId", c.state,
  to_char(c.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "issuedAt",
  to_char(c.respond_by AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "respondBy",
  to_char(c.play_by AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "playBy", c.match_id AS "matchId",
  EXISTS (SELECT 1 FROM matches pm WHERE pm.id = c.match_id
          AND (pm.status = 'cancelled' OR (pm.winner IS NOT NULL AND pm.confirmation_state = 'confirmed'))) AS played`;

/** Leaves out the fields a challenge does not have yet, as the contract shows them. */
export function withoutNulls<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as T;
}

/** Tells the season's viewers, and each member of both teams in their own room, what changed. */
async function pushChallenge(context: ProjectionContext, challengeId: string): Promise<void> {
  if (context.publishing === false) return;
  const { rows } = await context.query<ChallengeView & { members: string[] }>(
    `SELECT ${challengeViewColumns},
       ARRAY(SELECT account_id FROM team_members WHERE team_id IN (c.challenger_team_id, c.defender_team_id)) AS members
     FROM challenges c WHERE c.id = $1`,
    [challengeId],
  );
  const row = rows[0];
  if (!row) return;
  const { members, ...challenge } = row;
  context.push({
    room: `season:${challenge.seasonId}`,
    event: 'season.updated',
    data: { seasonId: challenge.seasonId, changed: ['challenges'] },
  });
  for (const accountId of members) {
    context.push({
      room: `account:${accountId}`,
      event: 'challenge.updated',
      data: { challenge: withoutNulls(challenge) },
    });
  }
}

/** Challenges of a season and their states (DESIGN.md §5). */
export const challengesProjection: Projection = {
  name: 'challenges',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['challenges'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as ChallengeEvent;
    const { challengeId } = event.payload;
    const changeState = async (state: string, from: string, extra = '', values: unknown[] = []) =>
      (
        await context.query(
          `UPDATE challenges SET state = $2, updated_at = $4${extra} WHERE id = $1 AND state = $3`,
          [challengeId, state, from, event.occurredAt, ...values],
        )
      ).rowCount === 1;

    let changed: boolean;
    switch (event.type) {
      case 'ChallengeIssued': {
        const p = event.payload;
        const { rowCount } = await context.query(
          `INSERT INTO challenges (id, season_id, ladder_id, company_id, challenger_team_id, defender_team_id, state,
             issued_at, respond_by, play_days, decline_is_walkover, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
          [
            challengeId,
            p.seasonId,
            p.ladderId,
            event.companyId,
            p.challengerTeamId,
            p.defenderTeamId,
            p.issuedAt,
            p.respondBy,
            p.playDays,
            p.declineIsWalkover,
            event.occurredAt,
          ],
        );
        changed = rowCount === 1;
        break;
      }
      case 'ChallengeAccepted':
        changed = await changeState('accepted', 'open', ', match_id = $5, play_by = $6', [
          event.payload.matchId,
          event.payload.playBy,
        ]);
        break;
      case 'ChallengeDeclined':
      case 'ChallengeExpired':
        changed = await changeState(
          event.type === 'ChallengeDeclined' ? 'declined' : 'expired',
          'open',
          ', match_id = $5',
          [event.payload.matchId ?? null],
        );
        break;
      case 'ChallengeWithdrawn':
        changed = await changeState('withdrawn', 'open');
        break;
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
    if (changed) await pushChallenge(context, challengeId);
  },
};
