import type pg from 'pg';
import type {
  NotificationKind,
  NotificationLanguage,
  NotifierInput,
  NotifyContext,
  Person,
} from '@courtside/events/notifications/notify';
import type { MatchType } from '@courtside/events/ladders/model';
import type { SideScoreInput } from '@courtside/events/matches/scoring';
import { API_ACCOUNTS_TABLE, DISPUTE_REASONS_TABLE } from '@courtside/projector/api-tables';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Reads what `notify` needs about one event from the read models (schema `schema`) and the accounts: the
 * ladder's name, the company's managers, the two sides (of the match or the challenge) and their members, and
 * every person's address, verification, language and mail switches.
 */
export async function readNotifyContext(
  db: Queryable,
  schema: string,
  event: NotifierInput,
): Promise<NotifyContext> {
  const payload = event.payload as Record<string, unknown>;
  const ladderId = typeof payload.ladderId === 'string' ? payload.ladderId : undefined;
  const teamIds = new Set<string>();
  const accountIds = new Set<string>();
  let sides: NotifyContext['match'];

  if (typeof payload.teamId === 'string') teamIds.add(payload.teamId);
  if (typeof payload.challengerTeamId === 'string') teamIds.add(payload.challengerTeamId);
  if (typeof payload.defenderTeamId === 'string') teamIds.add(payload.defenderTeamId);
  if (Array.isArray(payload.memberIds)) for (const id of payload.memberIds as string[]) accountIds.add(id);

  if (
    event.type === 'ChallengeAccepted' ||
    event.type === 'ChallengeDeclined' ||
    event.type === 'ChallengeExpired'
  ) {
    const { rows } = await db.query<{ defender_team_id: string; challenger_team_id: string }>(
      `SELECT defender_team_id, challenger_team_id FROM ${schema}.challenges WHERE id = $1`,
      [event.payload.challengeId],
    );
    if (rows[0])
      sides = { defenderId: rows[0].defender_team_id, challengerId: rows[0].challenger_team_id, date: null };
  } else if (typeof payload.matchId === 'string') {
    const { rows } = await db.query<{
      defender_id: string;
      challenger_id: string;
      date: string | null;
      by_challenge: boolean;
      match_type: MatchType | null;
      defender_score: SideScoreInput;
      challenger_score: SideScoreInput;
    }>(
      `SELECT m.defender_id, m.challenger_id, m.date, m.defender_score, m.challenger_score,
              coalesce(c.state IN ('declined', 'expired') AND c.match_id = m.id, false) AS by_challenge,
              s.match_type
       FROM ${schema}.matches m LEFT JOIN ${schema}.challenges c ON c.id = m.challenge_id
         LEFT JOIN ${schema}.seasons s ON s.id = m.season_id
       WHERE m.id = $1`,
      [payload.matchId],
    );
    const row = rows[0];
    if (row) {
      sides = {
        defenderId: row.defender_id,
        challengerId: row.challenger_id,
        date: row.date,
        ...(row.by_challenge ? { byChallenge: true } : {}),
        ...(row.match_type ? { matchType: row.match_type } : {}),
        score: { defender: row.defender_score, challenger: row.challenger_score },
      };
    }
  }
  if (sides) teamIds.add(sides.defenderId).add(sides.challengerId);

  // One after another: inside the notifier's transaction they share one connection.
  const ladder = ladderId
    ? await db.query<{ name: string; company_id: string }>(
        `SELECT name, company_id FROM ${schema}.ladders WHERE id = $1`,
        [ladderId],
      )
    : undefined;
  const managers = needsManagers(event)
    ? await db.query<{ account_id: string }>(
        `SELECT account_id FROM ${schema}.company_managers WHERE company_id::text = $1 ORDER BY account_id`,
        [event.companyId],
      )
    : undefined;
  const members =
    teamIds.size > 0
      ? await db.query<{ team_id: string; account_id: string }>(
          `SELECT team_id, account_id FROM ${schema}.team_members WHERE team_id = ANY($1::uuid[])
           ORDER BY team_id, member_order`,
          [[...teamIds]],
        )
      : undefined;
  const teams: NotifyContext['teams'] = {};
  for (const row of members?.rows ?? []) {
    (teams[row.team_id] ??= { members: [] }).members.push(row.account_id);
    accountIds.add(row.account_id);
  }
  const managerIds = managers?.rows.map((row) => row.account_id) ?? [];
  for (const id of managerIds) accountIds.add(id);

  const reasonId = event.type === 'ResultDisputed' ? event.payload.reasonId : undefined;
  const disputeReason = reasonId
    ? (
        await db.query<{ text: string }>(`SELECT text FROM ${DISPUTE_REASONS_TABLE} WHERE id = $1`, [
          reasonId,
        ])
      ).rows[0]?.text
    : undefined;

  return {
    ...(disputeReason === undefined ? {} : { disputeReason }),
    ...(ladder?.rows[0]
      ? { ladder: { name: ladder.rows[0].name, companyId: ladder.rows[0].company_id } }
      : {}),
    managers: managerIds,
    teams,
    ...(sides ? { match: sides } : {}),
    people: await readPeople(db, [...accountIds]),
  };
}

function needsManagers(event: NotifierInput): boolean {
  return event.type === 'TeamRegistered' || event.type === 'ResultDisputed';
}

export async function readPeople(db: Queryable, accountIds: string[]): Promise<Record<string, Person>> {
  if (accountIds.length === 0) return {};
  const { rows } = await db.query<{
    id: string;
    email: string;
    full_name: string | null;
    verified: boolean;
    language: NotificationLanguage | null;
    mail: Partial<Record<NotificationKind, boolean>> | null;
  }>(
    `SELECT a.id, a.email, a.full_name, a.verified_at IS NOT NULL AS verified, p.language, p.mail
     FROM ${API_ACCOUNTS_TABLE} a LEFT JOIN courtside.notification_preferences p ON p.account_id = a.id
     WHERE a.id = ANY($1::uuid[]) AND a.erased_at IS NULL`,
    [accountIds],
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        fullName: row.full_name,
        email: row.email,
        verified: row.verified,
        language: row.language === 'nl' ? 'nl' : 'en',
        mail: row.mail ?? {},
      },
    ]),
  );
}
