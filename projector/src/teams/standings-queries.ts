import type pg from 'pg';
import type { ChallengeRefusalCode } from '@courtside/events/challenges/decider';
import { playedAt } from '@courtside/events/matches/match-dates';
import { INITIAL_RATING, isProvisional, sideOf } from '@courtside/events/ratings/glicko2';
import { API_ACCOUNTS_TABLE, accountNameSql } from '../api-tables.ts';
import type { ChallengeView } from '../challenges/projection.ts';
import type { UnsettledResult } from '../challenges/queries.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/** A row of the public standings (DESIGN.md §5 "Standings"). */
export interface StandingsRow {
  teamId: string;
  position: number;
  joinDate: string | null;
  /** `playerId` for the link to the player's page (DESIGN.md §19 "Player pages"). */
  members: Array<{ playerId: string; fullName: string }>;
  played: number;
  won: number;
  lost: number;
  lastPlayedAt: string | null;
  movement: number;
  minimumMet: boolean;
  /** DESIGN.md §11: the side's rating in the ladder's sports category at its club, rounded. */
  rating: number;
  provisional: boolean;
  /** DESIGN.md §9: while the team is paused, its first day back. */
  pausedUntil?: string;
  /** For a signed-in caller only. */
  canChallenge?: boolean;
  /** Why not, when the caller plays in the season and may not challenge this row. */
  challengeRefusal?: ChallengeRefusalCode;
  /** `result`, beyond DESIGN's shape: the challenge's match has a result that does not count yet. */
  challenge?: ChallengeView & { result?: UnsettledResult };
}

/** A side's rating as the standings show it (DESIGN.md §11): its players' as one side, rounded. */
export function sideRatingOf(
  members: ReadonlyArray<{ rating: number; deviation: number }>,
): Pick<StandingsRow, 'rating' | 'provisional'> {
  const side = sideOf(members.map((member) => ({ ...member, volatility: 0 })));
  return { rating: Math.round(side.rating), provisional: isProvisional(side) };
}

/** The active teams of a season in ladder order with their record: the same for every caller. */
export async function standingsRowsOf(
  db: Queryable,
  season: { uuid: string; minimumPlayedMatches: number },
): Promise<StandingsRow[]> {
  const { rows } = await db.query<
    Omit<StandingsRow, 'minimumMet' | 'lastPlayedAt' | 'rating' | 'provisional' | 'pausedUntil'> & {
      pausedUntil: string | null;
      dates: Array<string | null> | null;
      countedAts: Date[] | null;
      memberRatings: Array<{ rating: number; deviation: number }> | null;
    }
  >(
    `WITH results AS (
       SELECT side.team_id, m.winner = side.side AS won, m.date, m.updated_at
       FROM matches m
       CROSS JOIN LATERAL (VALUES (m.defender_id, 'defender'), (m.challenger_id, 'challenger')) AS side(team_id, side)
       WHERE m.season_id = $1 AND m.winner IS NOT NULL AND m.status <> 'cancelled'
         AND m.confirmation_state = 'confirmed'),
     -- One pass over the season's results for every team's record (not one scan per team and figure).
     records AS (
       SELECT team_id, count(*)::int AS played, (count(*) FILTER (WHERE won))::int AS won,
         (count(*) FILTER (WHERE NOT won))::int AS lost, array_agg(date) AS dates,
         array_agg(updated_at) AS counted_ats
       FROM results GROUP BY team_id)
     SELECT t.id AS "teamId", t.position, t.join_date AS "joinDate", t.movement,
       to_char(t.paused_until, 'YYYY-MM-DD') AS "pausedUntil",
       (SELECT json_agg(json_build_object('playerId', m.account_id, 'fullName', ${accountNameSql('a', "'Player'")})
          ORDER BY m.member_order)
        FROM team_members m JOIN ${API_ACCOUNTS_TABLE} a ON a.id = m.account_id WHERE m.team_id = t.id) AS members,
       -- An unrated member stands at the start (1500, deviation 350).
       (SELECT json_agg(json_build_object('rating', coalesce(pr.rating, 1500), 'deviation', coalesce(pr.deviation, 350))
          ORDER BY m.member_order)
        FROM team_members m JOIN ladders l ON l.id = t.ladder_id
          LEFT JOIN player_ratings pr ON pr.player_id = m.account_id AND pr.company_id = t.company_id
            AND pr.sports_category = l.sports_category
        WHERE m.team_id = t.id) AS "memberRatings",
       coalesce(r.played, 0) AS played, coalesce(r.won, 0) AS won, coalesce(r.lost, 0) AS lost,
       r.dates, r.counted_ats AS "countedAts"
     FROM teams t LEFT JOIN records r ON r.team_id = t.id
     WHERE t.season_id = $1 AND t.status = 'active' ORDER BY t.position`,
    [season.uuid],
  );
  return rows.map(({ dates, countedAts, memberRatings, pausedUntil, ...row }) => {
    // DESIGN.md §5: the date of the last counted match, never later than when it was counted (an undated one:
    // when it was confirmed, its last change), in the club's local time like a match date.
    const played = (countedAts ?? []).map((countedAt, index) => playedAt(dates?.[index] ?? null, countedAt));
    const lastPlayedAt = played.length > 0 ? played.reduce((last, at) => (at > last ? at : last)) : null;
    return {
      ...row,
      ...(pausedUntil ? { pausedUntil } : {}),
      lastPlayedAt,
      minimumMet: row.played >= season.minimumPlayedMatches,
      ...sideRatingOf(memberRatings?.length ? memberRatings : [INITIAL_RATING]),
    };
  });
}
