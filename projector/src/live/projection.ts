import { fileURLToPath } from 'node:url';
import type { MatchType } from '@courtside/events/ladders/model';
import {
  liveScore,
  recordedSides,
  type LiveConfig,
  type LiveScore,
  type Side,
} from '@courtside/events/live/engine';
import { liveEvents, type LiveEvent } from '@courtside/events/live/events';
import { matchPointMayGo } from '@courtside/events/live/decider';
import { pushMatch } from '../matches/projection.ts';
import { matchTypeSql } from '../matches/match-sides.ts';
import type { Projection, ProjectionContext } from '../projection.ts';

const handled = new Set<string>(liveEvents.map((definition) => definition.type));

interface LiveRow {
  first_server: Side;
  no_ad: boolean;
  final_set: LiveConfig['finalSet'];
  points: Side[];
  ended: boolean;
  match_type: MatchType;
  confirmation_state: string | null;
}

/**
 * What `GET matches/{id}/live` answers (and the live commands): the state of DESIGN.md §7 with, beyond it, the
 * points (each point's winner, in order) and the rules it was started with, so the live match page can draw its
 * timeline and follow `live.updated` pushes (which carry the state only) point by point.
 */
type LiveView = LiveScore & { points: Side[]; rules: LiveConfig; resultStays: boolean };

/** The live view of a match, or undefined when it is not scored live. */
export async function liveViewOf(
  context: Pick<ProjectionContext, 'query'>,
  matchId: string,
): Promise<LiveView | undefined> {
  const found = await liveRowOf(context, matchId);
  if (!found) return undefined;
  const score = liveScore(found.config, found.points, found.ended);
  return {
    ...score,
    points: found.points,
    rules: found.config,
    // Over, and its last point may not be taken back: the scorer offers no Undo.
    resultStays: score.finished && !matchPointMayGo(found, found.confirmationState),
  };
}

async function liveRowOf(
  context: Pick<ProjectionContext, 'query'>,
  matchId: string,
): Promise<{ config: LiveConfig; points: Side[]; ended: boolean; confirmationState: string } | undefined> {
  const { rows } = await context.query<LiveRow>(
    `SELECT * FROM (SELECT l.first_server, l.no_ad, l.final_set, l.points, l.ended,
       ${matchTypeSql('l.season_id')} AS match_type, m.confirmation_state
     FROM live_scores l LEFT JOIN matches m ON m.id = l.match_id WHERE l.match_id = $1) r
     WHERE r.match_type IS NOT NULL`,
    [matchId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const config = {
    matchType: row.match_type,
    firstServer: row.first_server,
    noAd: row.no_ad,
    finalSet: row.final_set,
  };
  return {
    config,
    points: row.points,
    ended: row.ended,
    confirmationState: row.confirmation_state ?? 'confirmed',
  };
}

/** The live score of a match as the read model holds it, or undefined when it is not scored live. */
async function liveScoreOf(
  context: Pick<ProjectionContext, 'query'>,
  matchId: string,
): Promise<LiveScore | undefined> {
  const found = await liveRowOf(context, matchId);
  return found ? liveScore(found.config, found.points, found.ended) : undefined;
}

/**
 * Matches scored live (DESIGN.md §7): the points, and the match's set scores following them, so the spec's card
 * and widget show games change; `live.updated` goes to the match's, season's and ladder's rooms. A point whose
 * number is not the next one (a replayed or stale event) changes nothing.
 */
export const liveProjection: Projection = {
  name: 'live',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['live_scores'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as LiveEvent;
    const { matchId, seasonId, ladderId } = event.payload;
    let changed: boolean;
    switch (event.type) {
      case 'LiveScoringStarted': {
        const { firstServer, noAd, finalSet } = event.payload;
        const { rowCount } = await context.query(
          `INSERT INTO live_scores (match_id, company_id, season_id, ladder_id, first_server, no_ad, final_set, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (match_id) DO NOTHING`,
          [matchId, event.companyId, seasonId, ladderId, firstServer, noAd, finalSet, event.occurredAt],
        );
        changed = rowCount === 1;
        break;
      }
      case 'PointScored': {
        const { rowCount } = await context.query(
          `UPDATE live_scores SET points = points || to_jsonb($2::text), updated_at = $4
           WHERE match_id = $1 AND jsonb_array_length(points) = $3 - 1`,
          [matchId, event.payload.winner, event.payload.seq, event.occurredAt],
        );
        changed = rowCount === 1;
        break;
      }
      case 'PointUndone': {
        const { rowCount } = await context.query(
          `UPDATE live_scores SET points = points - (jsonb_array_length(points) - 1), updated_at = $3
           WHERE match_id = $1 AND jsonb_array_length(points) = $2`,
          [matchId, event.payload.seq, event.occurredAt],
        );
        changed = rowCount === 1;
        break;
      }
      case 'LiveMatchEnded': {
        const { rowCount } = await context.query(
          `UPDATE live_scores SET ended = true, updated_at = $3
           WHERE match_id = $1 AND NOT ended AND jsonb_array_length(points) = $2`,
          [matchId, event.payload.seq, event.occurredAt],
        );
        changed = rowCount === 1;
        break;
      }
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
    if (!changed) return;
    const state = await liveScoreOf(context, matchId);
    if (!state) return;
    // A point inside a game changes the live state only: the match (its set scores) changes when a game ends. Its
    // `match.updated` goes out then, and on the other events, so a point is one push to a viewer, not two.
    let matchChanged = event.type !== 'PointScored' || state.finished;
    if (!state.finished) {
      // The set scores follow the points; the match stays planned until its result is recorded by its own event.
      const sides = recordedSides(state);
      const { rowCount } = await context.query(
        `UPDATE matches SET defender_score = $2, challenger_score = $3, updated_at = $4
         WHERE id = $1 AND status = 'planned'
           AND (defender_score IS DISTINCT FROM $2::jsonb OR challenger_score IS DISTINCT FROM $3::jsonb)`,
        [matchId, JSON.stringify(sides.defender), JSON.stringify(sides.challenger), event.occurredAt],
      );
      if (rowCount) matchChanged = true;
    }
    for (const room of [`match:${matchId}`, `season:${seasonId}`, `ladder:${ladderId}`]) {
      context.push({ room, event: 'live.updated', data: { matchId, state } });
    }
    if (matchChanged) await pushMatch(context, matchId, seasonId, ladderId);
  },
};
