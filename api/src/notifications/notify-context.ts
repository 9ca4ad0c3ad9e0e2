import type pg from 'pg';
import type {
  NotificationKind,
  NotificationLanguage,
  NotifierInput,
  NotifyContext,
  Person,
} from '@courtside/events/notifications/notify';
import { API_ACCOUNTS_TABLE, DISPUTE_REASONS_TABLE } from '@courtside/projector/api-tables';
import {
  challengeSidesOf,
  ladderNameOf,
  managerIdsOf,
  matchSidesOf,
  teamMembersOf,
} from '@courtside/projector/notify-queries';
import { tournamentToNotifyOf } from '@courtside/projector/tournaments/queries';
import { tournamentNames } from '../tournaments/tournament-names.ts';

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
    const challenge = await challengeSidesOf(db, schema, event.payload.challengeId);
    if (challenge)
      sides = {
        defenderId: challenge.defender_team_id,
        challengerId: challenge.challenger_team_id,
        date: null,
      };
  } else if (typeof payload.matchId === 'string') {
    const row = await matchSidesOf(db, schema, payload.matchId);
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

  // DESIGN.md §16: a club night's round, a knockout's draw, or a knockout's draw match (its tournament stands in as
  // its ladder: the texts name the tournament).
  let tournament: NotifyContext['tournament'];
  const tournamentId = typeof payload.tournamentId === 'string' ? payload.tournamentId : undefined;
  if (tournamentId) {
    const row = await tournamentToNotifyOf(db, schema, tournamentId);
    if (row) {
      const names = await tournamentNames(db, [row.nameId]);
      tournament = {
        name: names.get(row.nameId) ?? '',
        format: row.format,
        ...(row.bracket ? { bracket: row.bracket } : {}),
      };
    }
  }
  if (event.type === 'TournamentRoundMade') {
    const { games, sittingOut } = event.payload;
    for (const id of [...games.flatMap((game) => [...game.sideA, ...game.sideB]), ...sittingOut])
      accountIds.add(id);
  }
  if (event.type === 'TournamentDrawn') for (const entryId of event.payload.order) teamIds.add(entryId);

  // One after another: inside the notifier's transaction they share one connection.
  const ladder = tournament
    ? { name: tournament.name, company_id: event.companyId }
    : ladderId
      ? await ladderNameOf(db, schema, ladderId)
      : undefined;
  const managers = needsManagers(event) ? await managerIdsOf(db, schema, event.companyId) : undefined;
  const members = teamIds.size > 0 ? await teamMembersOf(db, schema, [...teamIds]) : undefined;
  const teams: NotifyContext['teams'] = {};
  for (const row of members ?? []) {
    (teams[row.team_id] ??= { members: [] }).members.push(row.account_id);
    accountIds.add(row.account_id);
  }
  const managerIds = managers ?? [];
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
    ...(ladder ? { ladder: { name: ladder.name, companyId: ladder.company_id } } : {}),
    managers: managerIds,
    teams,
    ...(sides ? { match: sides } : {}),
    ...(tournament ? { tournament } : {}),
    people: await readPeople(db, [...accountIds]),
  };
}

function needsManagers(event: NotifierInput): boolean {
  return event.type === 'TeamRegistered' || event.type === 'ResultDisputed';
}

/** Each account's address, verification, mail language, mail and push switches (erased accounts are left out). */
export async function readPeople(db: Queryable, accountIds: string[]): Promise<Record<string, Person>> {
  if (accountIds.length === 0) return {};
  const { rows } = await db.query<{
    id: string;
    email: string | null;
    full_name: string | null;
    verified: boolean;
    language: NotificationLanguage | null;
    mail: Partial<Record<NotificationKind, boolean>> | null;
    push: Partial<Record<NotificationKind, boolean>> | null;
    erased: boolean;
  }>(
    `SELECT a.id, a.email, a.full_name, a.verified_at IS NOT NULL AS verified, p.language, p.mail, p.push,
            a.erased_at IS NOT NULL AS erased
     FROM ${API_ACCOUNTS_TABLE} a LEFT JOIN courtside.notification_preferences p ON p.account_id = a.id
     WHERE a.id = ANY($1::uuid[])`,
    [accountIds],
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        fullName: row.full_name,
        email: row.email ?? '',
        verified: row.verified,
        language: row.language === 'nl' ? 'nl' : 'en',
        mail: row.mail ?? {},
        push: row.push ?? {},
        // Erased: told nothing, and named "Former player" in what the others are told (DESIGN.md §19).
        ...(row.erased ? { erased: true } : {}),
      },
    ]),
  );
}
