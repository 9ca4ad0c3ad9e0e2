import type { EventEnvelope } from '@courtside/events/envelope';
import type { MatchType } from '@courtside/events/ladders/model';
import { liveScore, recordedSides, type LiveConfig } from '@courtside/events/live/engine';
import { liveEvents, type LiveEvent } from '@courtside/events/live/events';
import { isDeepStrictEqual } from 'node:util';
import { asJson, type LiveScoreRow, type ReadModelRows } from '../rebuild/rows.ts';

const handled = new Set<string>(liveEvents.map((definition) => definition.type));

/** The change an event makes to a live score (the projection's statements), or undefined when it makes none. */
function changeOf(event: LiveEvent, live: LiveScoreRow): (() => void) | undefined {
  switch (event.type) {
    case 'LiveScoringStarted':
      return undefined;
    case 'PointScored':
      if (live.points.length !== event.payload.seq - 1) return undefined;
      return () => void live.points.push(event.payload.winner);
    case 'PointUndone':
      if (live.points.length !== event.payload.seq) return undefined;
      return () => void live.points.pop();
    case 'LiveMatchEnded':
      if (live.ended || live.points.length !== event.payload.seq) return undefined;
      return () => void (live.ended = true);
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/** liveProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldLive(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as LiveEvent;
  const { matchId, seasonId, ladderId } = event.payload;
  let live = rows.liveScores.get(matchId);
  if (event.type === 'LiveScoringStarted') {
    if (live) return;
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
    rows.liveScores.set(matchId, live);
  } else {
    const change = live && changeOf(event, live);
    if (!live || !change) return;
    change();
    live.updated_at = event.occurredAt;
  }
  // The match's set scores follow the points while it is planned (liveScoreOf joins the season's match type).
  const season = rows.seasons.get(live.season_id);
  if (!season) return;
  const config: LiveConfig = {
    matchType: season.match_type as MatchType,
    firstServer: live.first_server as LiveConfig['firstServer'],
    noAd: live.no_ad,
    finalSet: live.final_set as LiveConfig['finalSet'],
  };
  const state = liveScore(config, live.points, live.ended);
  const match = rows.matches.get(matchId);
  if (state.finished || match?.status !== 'planned') return;
  const sides = recordedSides(state);
  const [defender, challenger] = [asJson(sides.defender), asJson(sides.challenger)];
  if (
    isDeepStrictEqual(match.defender_score, defender) &&
    isDeepStrictEqual(match.challenger_score, challenger)
  ) {
    return;
  }
  Object.assign(match, {
    defender_score: defender,
    challenger_score: challenger,
    updated_at: event.occurredAt,
  });
}
