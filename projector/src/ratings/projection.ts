import { fileURLToPath } from 'node:url';
import type { SportsCategory } from '@courtside/events/ladders/model';
import type { MatchType } from '@courtside/events/ladders/model';
import type { MatchEvent } from '@courtside/events/matches/events';
import { recalculate } from '@courtside/events/matches/scoring';
import {
  rateInOrder,
  rateResult,
  type CountedResult,
  type PlayerRating,
} from '@courtside/events/ratings/fold';
import type { Projection, ProjectionContext } from '../projection.ts';
import { matchSideMembers, matchTypeSql, sportsCategorySql } from '../matches/match-sides.ts';

type Side = 'defender' | 'challenger';

/** A row of rating_results (`place` as a number: pg reads bigint as text, the projection converts it). */
export interface ResultRow {
  match_id: string;
  company_id: string;
  sports_category: SportsCategory;
  defender_ids: string[];
  challenger_ids: string[];
  winner: Side | null;
  walkover: boolean;
  counts: boolean;
  place: number | null;
  counted_at: string | null;
}

/** What a rated event needs of its match: none when the match is cancelled or unknown. */
export interface MatchOfResult {
  matchType: MatchType;
  sportsCategory: SportsCategory;
  defenderIds: string[];
  challengerIds: string[];
}

export const ratedEvents = new Set(['MatchResultRecorded', 'ResultConfirmed', 'MatchCancelled']);

/**
 * The match's rating_results row after the event (the rules of the ratings fold, events/src/ratings/fold.ts), or
 * undefined when the event changes nothing. A result that counts for the first time takes its place later.
 */
export function resultAfter(
  event: MatchEvent,
  before: ResultRow | undefined,
  match: MatchOfResult | undefined,
): ResultRow | undefined {
  switch (event.type) {
    case 'MatchResultRecorded': {
      if (!match) return undefined;
      const scored = recalculate(event.payload.defender, event.payload.challenger, match.matchType);
      return {
        match_id: event.payload.matchId,
        company_id: event.companyId,
        // The category and who played are those of when the result first came in.
        sports_category: before?.sports_category ?? match.sportsCategory,
        defender_ids: before?.defender_ids ?? match.defenderIds,
        challenger_ids: before?.challenger_ids ?? match.challengerIds,
        winner: scored.winner,
        walkover: scored.status === 'walkover',
        counts: !event.payload.pending,
        place: before?.place ?? null,
        counted_at: before?.counted_at ?? null,
      };
    }
    case 'ResultConfirmed':
      return before && !before.counts ? { ...before, counts: true } : undefined;
    case 'MatchCancelled':
      return before?.counts ? { ...before, counts: false } : undefined;
    default:
      return undefined;
  }
}

/** A placed result whose rating effect changed: the company's ratings of its category are refolded. */
export const needsRefold = (before: ResultRow | undefined, after: ResultRow) =>
  before !== undefined &&
  before.place !== null &&
  (before.counts !== after.counts || before.winner !== after.winner || before.walkover !== after.walkover);

export const countedResultOf = (row: ResultRow): CountedResult => ({
  matchId: row.match_id,
  sportsCategory: row.sports_category,
  at: row.counted_at!,
  players: { defender: row.defender_ids, challenger: row.challenger_ids },
  winner: row.winner,
  walkover: row.walkover,
});

/**
 * DESIGN.md §11: the players' ratings, by the rules of the ratings fold (events/src/ratings/fold.ts): a result
 * that counts for the first time takes the next place and rates its players; any later change of a placed result
 * refolds the company's ratings of that sports category in place order. Runs after the matches projection, whose
 * rows it reads in the same transaction.
 */
export const ratingsProjection: Projection = {
  name: 'ratings',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['rating_results', 'player_ratings', 'rating_changes'],
  /** The batch's rated matches that have a result row (a re-draw's 400 cancellations have none): read at once. */
  async prepare(events, context): Promise<RatingsPrepared> {
    const matchIds = events
      .filter((event) => ratedEvents.has(event.type))
      .map((event) => (event as MatchEvent).payload.matchId);
    if (matchIds.length === 0) return { withRow: new Set() };
    const { rows } = await context.query<{ match_id: string }>(
      'SELECT match_id FROM rating_results WHERE match_id = ANY($1::uuid[])',
      [[...new Set(matchIds)]],
    );
    return { withRow: new Set(rows.map((row) => row.match_id)) };
  },
  async apply(envelope, context) {
    if (!ratedEvents.has(envelope.type)) return;
    const event = envelope as MatchEvent;
    const { matchId } = event.payload;
    const prepared = context.prepared as RatingsPrepared | undefined;
    // Without a row, a confirmation or a cancellation changes nothing (resultAfter): no need to read it.
    if (prepared && event.type !== 'MatchResultRecorded' && !prepared.withRow.has(matchId)) return;
    const [stored] = (
      await context.query<StoredResultRow>(
        `SELECT *, to_char(counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS counted_at
         FROM rating_results WHERE match_id = $1`,
        [matchId],
      )
    ).rows;
    const before = stored && { ...stored, place: stored.place === null ? null : Number(stored.place) };
    const match = event.type === 'MatchResultRecorded' ? await matchOf(context, matchId) : undefined;
    const after = resultAfter(event, before, match);
    if (!after) return;
    prepared?.withRow.add(after.match_id);
    await settle(context, before, after, event.occurredAt);
  },
};

type StoredResultRow = Omit<ResultRow, 'place'> & { place: string | null };
/** What `prepare` read: the batch's rated matches with a rating_results row, and those the batch writes. */
interface RatingsPrepared {
  withRow: Set<string>;
}

async function matchOf(context: ProjectionContext, matchId: string): Promise<MatchOfResult | undefined> {
  const { rows } = await context.query<{
    match_type: MatchType;
    sports_category: SportsCategory;
    defender_ids: string[];
    challenger_ids: string[];
  }>(
    `SELECT * FROM (SELECT ${matchTypeSql('m.season_id')} AS match_type,
       ${sportsCategorySql('m.ladder_id')} AS sports_category,
       ARRAY(SELECT account_id FROM ${matchSideMembers('m.season_id')} tm WHERE team_id = m.defender_id ORDER BY member_order) AS defender_ids,
       ARRAY(SELECT account_id FROM ${matchSideMembers('m.season_id')} tm WHERE team_id = m.challenger_id ORDER BY member_order) AS challenger_ids
     FROM matches m WHERE m.id = $1 AND m.status <> 'cancelled') r
     WHERE r.match_type IS NOT NULL AND r.sports_category IS NOT NULL`,
    [matchId],
  );
  const row = rows[0];
  return (
    row && {
      matchType: row.match_type,
      sportsCategory: row.sports_category,
      defenderIds: row.defender_ids,
      challengerIds: row.challenger_ids,
    }
  );
}

async function settle(
  context: ProjectionContext,
  before: ResultRow | undefined,
  after: ResultRow,
  at: string,
): Promise<void> {
  const firstCounts = after.place === null && after.counts;
  if (firstCounts) {
    const { rows } = await context.query<{ place: string }>(
      `SELECT coalesce(max(place), 0) + 1 AS place FROM rating_results WHERE company_id = $1`,
      [after.company_id],
    );
    after = { ...after, place: Number(rows[0]!.place), counted_at: at };
  }
  context.write(
    `INSERT INTO rating_results (match_id, company_id, sports_category, defender_ids, challenger_ids, winner, walkover,
       counts, place, counted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (match_id) DO UPDATE SET winner = excluded.winner, walkover = excluded.walkover,
       counts = excluded.counts, place = excluded.place, counted_at = excluded.counted_at`,
    [
      after.match_id,
      after.company_id,
      after.sports_category,
      after.defender_ids,
      after.challenger_ids,
      after.winner,
      after.walkover,
      after.counts,
      after.place,
      after.counted_at,
    ],
  );
  if (firstCounts) return rateFirstTime(context, after);
  if (needsRefold(before, after)) await refold(context, after.company_id, after.sports_category);
}

async function rateFirstTime(context: ProjectionContext, row: ResultRow): Promise<void> {
  const playerIds = [...row.defender_ids, ...row.challenger_ids];
  const { rows } = await context.query<{
    player_id: string;
    rating: number;
    deviation: number;
    volatility: number;
    matches: number;
  }>(
    `SELECT player_id, rating, deviation, volatility, matches FROM player_ratings
     WHERE company_id = $1 AND sports_category = $2 AND player_id = ANY($3::uuid[])`,
    [row.company_id, row.sports_category, playerIds],
  );
  const current = new Map(rows.map((r) => [r.player_id, r]));
  const changed = rateResult((sportsCategory, playerId) => {
    const known = current.get(playerId);
    return known && { ...known, playerId, sportsCategory, changes: [] };
  }, countedResultOf(row));
  writeRatings(context, row.company_id, row.sports_category, changed, () => row.place!);
}

/** Every rating of the company's sports category again, from its results in place order. */
async function refold(context: ProjectionContext, companyId: string, sportsCategory: SportsCategory) {
  const { rows } = await context.query<StoredResultRow>(
    `SELECT *, to_char(counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS counted_at
     FROM rating_results WHERE company_id = $1 AND sports_category = $2 AND place IS NOT NULL AND counts
     ORDER BY place`,
    [companyId, sportsCategory],
  );
  const placeOf = new Map(rows.map((row) => [row.match_id, Number(row.place)]));
  const players = rateInOrder(rows.map((row) => countedResultOf({ ...row, place: Number(row.place) })));
  context.write(`DELETE FROM rating_changes WHERE company_id = $1 AND sports_category = $2`, [
    companyId,
    sportsCategory,
  ]);
  context.write(`DELETE FROM player_ratings WHERE company_id = $1 AND sports_category = $2`, [
    companyId,
    sportsCategory,
  ]);
  writeRatings(
    context,
    companyId,
    sportsCategory,
    [...players.values()],
    (matchId) => placeOf.get(matchId)!,
    true,
  );
}

function writeRatings(
  context: ProjectionContext,
  companyId: string,
  sportsCategory: SportsCategory,
  players: readonly PlayerRating[],
  placeOf: (matchId: string) => number,
  everyChange = false,
): void {
  if (players.length === 0) return;
  context.write(
    `INSERT INTO player_ratings (company_id, sports_category, player_id, rating, deviation, volatility, matches)
     SELECT $1, $2, * FROM unnest($3::uuid[], $4::float8[], $5::float8[], $6::float8[], $7::int[])
     ON CONFLICT (player_id, company_id, sports_category) DO UPDATE SET rating = excluded.rating,
       deviation = excluded.deviation, volatility = excluded.volatility, matches = excluded.matches`,
    [
      companyId,
      sportsCategory,
      players.map((p) => p.playerId),
      players.map((p) => p.rating),
      players.map((p) => p.deviation),
      players.map((p) => p.volatility),
      players.map((p) => p.matches),
    ],
  );
  // A first rating adds each player's newest change; a refold writes them all.
  const changes = players.flatMap((player) =>
    (everyChange ? player.changes : player.changes.slice(-1)).map((change) => ({ player, change })),
  );
  context.write(
    `INSERT INTO rating_changes (company_id, sports_category, player_id, place, match_id, at, before, after,
       deviation_before, deviation_after, expected, won, opponents)
     SELECT $1, $2, * FROM unnest($3::uuid[], $4::bigint[], $5::uuid[], $6::timestamptz[], $7::float8[],
       $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::boolean[], $13::jsonb[])`,
    [
      companyId,
      sportsCategory,
      changes.map(({ player }) => player.playerId),
      changes.map(({ change }) => placeOf(change.matchId)),
      changes.map(({ change }) => change.matchId),
      changes.map(({ change }) => change.at),
      changes.map(({ change }) => change.before),
      changes.map(({ change }) => change.after),
      changes.map(({ change }) => change.deviationBefore),
      changes.map(({ change }) => change.deviationAfter),
      changes.map(({ change }) => change.expected),
      changes.map(({ change }) => change.won),
      changes.map(({ change }) => JSON.stringify(change.opponents)),
    ],
  );
}
