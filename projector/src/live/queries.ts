import type pg from 'pg';
import type { LiveMatchState } from '@courtside/events/live/decider';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import { matchStateOf } from '../matches/queries.ts';
import { sportsCategorySql } from '../matches/match-sides.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * What live scoring decides against: the match with its season, its sport, and its points so far; with
 * `accountId`, what that account is to the match.
 */
export async function liveStateOf(
  db: Queryable,
  matchId: string,
  accountId?: string,
): Promise<LiveMatchState> {
  const match = await matchStateOf(db, matchId, accountId);
  const { rows } = await db.query<{
    firstServer: Side;
    noAd: boolean;
    finalSet: LiveConfig['finalSet'];
    points: Side[];
    ended: boolean;
    sportsCategory: string;
  }>(
    `SELECT l.first_server AS "firstServer", l.no_ad AS "noAd", l.final_set AS "finalSet", l.points, l.ended,
       ${sportsCategorySql('l.ladder_id')} AS "sportsCategory"
     FROM live_scores l WHERE l.match_id = $1`,
    [matchId],
  );
  const row = rows[0];
  if (!row || !match.season) return { match };
  const { points, ended, sportsCategory, ...rules } = row;
  const config = { matchType: match.season.matchType, ...rules };
  // While scored live the match's games only mirror the points: no result is recorded until the match ends (then
  // the match holds the result its last point recorded, as the rules fold it).
  const noScore = { matchSets: [], special: 'none' as const };
  const unrecorded =
    match.match && !liveScore(config, points, ended).finished
      ? { ...match.match, defender: noScore, challenger: noScore }
      : undefined;
  return {
    match: unrecorded ? { ...match, match: unrecorded } : match,
    sportsCategory,
    // `ended` as the rules fold it: there only once the scorer ended the match.
    live: { config, points, ...(ended ? { ended } : {}) },
  };
}
