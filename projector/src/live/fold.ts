import type { EventEnvelope } from '@courtside/events/envelope';
import type { MatchType } from '@courtside/events/ladders/model';
import { matchTypeOf } from '../matches/fold.ts';
import { liveScore, recordedSides, type LiveConfig } from '@courtside/events/live/engine';
import { liveEvents, type LiveEvent } from '@courtside/events/live/events';
import { isDeepStrictEqual } from 'node:util';
import { asJson, type Json, type LiveScoreRow, type ReadModelRows } from '../rebuild/rows.ts';

const handled = new Set<string>(liveEvents.map((definition) => definition.type));

/** The points and end of a live score after the event (the projection's statements), or undefined if unchanged. */
function scoreAfter(
  event: LiveEvent,
  live: LiveScoreRow,
): Pick<LiveScoreRow, 'points' | 'ended'> | undefined {
  const { points, ended } = live;
  switch (event.type) {
    case 'LiveScoringStarted':
      return undefined;
    case 'PointScored':
      return points.length === event.payload.seq - 1
        ? { points: [...points, event.payload.winner], ended }
        : undefined;
    case 'PointUndone':
      return points.length === event.payload.seq ? { points: points.slice(0, -1), ended } : undefined;
    case 'LiveMatchEnded':
      return !ended && points.length === event.payload.seq ? { points, ended: true } : undefined;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/** The match's set scores as the live score leaves them while it is planned, or undefined when they stay. */
function matchScoresAfter(
  rows: ReadModelRows,
  live: LiveScoreRow,
): { defender: Json; challenger: Json } | undefined {
  // liveScoreOf reads the season's (or knockout's) match type: without it, nothing follows.
  const matchType = matchTypeOf(rows, live.season_id);
  const match = rows.matches.get(live.match_id);
  if (!matchType || match?.status !== 'planned') return undefined;
  const config: LiveConfig = {
    matchType: matchType as MatchType,
    firstServer: live.first_server as LiveConfig['firstServer'],
    noAd: live.no_ad,
    finalSet: live.final_set as LiveConfig['finalSet'],
  };
  const state = liveScore(config, live.points, live.ended);
  if (state.finished) return undefined;
  const sides = recordedSides(state);
  const [defender, challenger] = [asJson(sides.defender), asJson(sides.challenger)];
  const same =
    isDeepStrictEqual(match.defender_score, defender) &&
    isDeepStrictEqual(match.challenger_score, challenger);
  return same ? undefined : { defender, challenger };
}

/** liveProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldLive(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as LiveEvent;
  const { matchId, seasonId, ladderId } = event.payload;
  const existing = rows.liveScores.get(matchId);
  let live: LiveScoreRow;
  if (event.type === 'LiveScoringStarted') {
    if (existing) return;
    const { firstServer, noAd, finalSet } = event.payload;
    live = {
      match_id: matchId,
      company_id: event.companyId,
      season_id: seasonId,
      ladder_id: ladderId,
      first_server: firstServer,
      no_ad: noAd,
      final_set: finalSet,
      points: [],
      updated_at: event.occurredAt,
      ended: false,
    };
  } else {
    const after = existing && scoreAfter(event, existing);
    if (!existing || !after) return;
    live = { ...existing, ...after, updated_at: event.occurredAt };
  }
  // Everything is worked out before any row changes (a fold that throws leaves the rows as they were).
  const scores = matchScoresAfter(rows, live);
  rows.liveScores.set(matchId, live);
  if (scores) {
    Object.assign(rows.matches.get(matchId)!, {
      defender_score: scores.defender,
      challenger_score: scores.challenger,
      updated_at: event.occurredAt,
    });
  }
}
