import type { EventEnvelope } from '@courtside/events/envelope';
import type { MatchType, SportsCategory } from '@courtside/events/ladders/model';
import type { MatchEvent } from '@courtside/events/matches/events';
import { rateInOrder, rateResult, type PlayerRating } from '@courtside/events/ratings/fold';
import { asJson, type ReadModelRows } from '../rebuild/rows.ts';
import { matchTypeOf, sideMembers, sportsCategoryOf } from '../matches/fold.ts';
import {
  countedResultOf,
  needsRefold,
  ratedEvents,
  resultAfter,
  type MatchOfResult,
  type ResultRow,
} from './projection.ts';

/** ratingsProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldRatings(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!ratedEvents.has(envelope.type)) return;
  const event = envelope as MatchEvent;
  const { matchId } = event.payload;
  const before = rows.ratingResults.get(matchId) as ResultRow | undefined;
  let after = resultAfter(
    event,
    before,
    event.type === 'MatchResultRecorded' ? matchOf(rows, matchId) : undefined,
  );
  if (!after) return;
  const firstCounts = after.place === null && after.counts;
  if (firstCounts) {
    const place = (rows.ratingPlaces.get(after.company_id) ?? 0) + 1;
    rows.ratingPlaces.set(after.company_id, place);
    after = { ...after, place, counted_at: event.occurredAt };
  }
  rows.ratingResults.set(matchId, after);
  const key = `${after.company_id}|${after.sports_category}`;
  if (firstCounts) {
    const players = rows.playerRatings.get(key);
    const changed = rateResult((sportsCategory, playerId) => {
      const known = players?.get(playerId);
      return known && { ...known, playerId, sportsCategory, changes: [] };
    }, countedResultOf(after));
    write(rows, key, changed, () => after.place!, false);
  } else if (needsRefold(before, after)) {
    const placed = [...rows.ratingResults.values()]
      .filter(
        (row) =>
          row.company_id === after.company_id &&
          row.sports_category === after.sports_category &&
          row.place !== null &&
          row.counts,
      )
      .sort((a, b) => a.place! - b.place!) as ResultRow[];
    const placeOf = new Map(placed.map((row) => [row.match_id, row.place!]));
    rows.playerRatings.delete(key);
    rows.ratingChanges.delete(key);
    write(rows, key, [...rateInOrder(placed.map(countedResultOf)).values()], (id) => placeOf.get(id)!, true);
  }
}

function matchOf(rows: ReadModelRows, matchId: string): MatchOfResult | undefined {
  const match = rows.matches.get(matchId);
  if (!match || match.status === 'cancelled') return undefined;
  const matchType = matchTypeOf(rows, match.season_id);
  const sportsCategory = sportsCategoryOf(rows, match.ladder_id);
  if (!matchType || !sportsCategory) return undefined;
  return {
    matchType: matchType as MatchType,
    sportsCategory: sportsCategory as SportsCategory,
    defenderIds: sideMembers(rows, match.defender_id, match.season_id),
    challengerIds: sideMembers(rows, match.challenger_id, match.season_id),
  };
}

function write(
  rows: ReadModelRows,
  key: string,
  changed: readonly PlayerRating[],
  placeOf: (matchId: string) => number,
  everyChange: boolean,
): void {
  if (changed.length === 0) return;
  const [companyId] = key.split('|') as [string];
  const players = rows.playerRatings.get(key) ?? new Map();
  const changes = rows.ratingChanges.get(key) ?? [];
  for (const player of changed) {
    const { playerId, sportsCategory, rating, deviation, volatility, matches } = player;
    players.set(playerId, {
      company_id: companyId,
      sports_category: sportsCategory,
      player_id: playerId,
      rating,
      deviation,
      volatility,
      matches,
    });
    for (const change of everyChange ? player.changes : player.changes.slice(-1)) {
      changes.push({
        company_id: companyId,
        sports_category: sportsCategory,
        player_id: playerId,
        place: placeOf(change.matchId),
        match_id: change.matchId,
        at: change.at,
        before: change.before,
        after: change.after,
        deviation_before: change.deviationBefore,
        deviation_after: change.deviationAfter,
        expected: change.expected,
        won: change.won,
        opponents: asJson(change.opponents),
      });
    }
  }
  rows.playerRatings.set(key, players);
  rows.ratingChanges.set(key, changes);
}
