import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { latestCode, PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { managerWithSeason, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

const EXPORT = `${ACCOUNT_API}/account/export`;

interface Exported {
  account: { id: string; email: string; fullName: string | null };
  preferences: { language: string };
  managerRoles: Array<{ companyId: string; companyName: string }>;
  teams: Array<{ teamId: string; status: string; position: number | null; memberIds: string[] }>;
  matches: Array<{ matchId: string; defenderTeamId: string; challengerTeamId: string }>;
  challenges: unknown[];
  livePointsScored: unknown[];
  notifications: unknown[];
  invitations: Array<{ invitationId: string; kind: string; email: string | null }>;
  ratings: Array<Record<string, unknown> & { history: unknown[] }>;
  disputeReasons: Array<{ reasonId: string; companyId: string; matchId: string; text: string }>;
}

const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/** DESIGN.md §10 "Export": one JSON document of everything about the caller, as an attachment. */
describe('downloading my data', () => {
  const courtside = courtsideForTests();

  it('gives a player their account, preferences, teams and matches, and a manager their clubs, as one JSON attachment', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url, 3);
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[1]!.teamId,
      },
    );
    expect(created.status).toBe(201);
    const player = teams[1]!;

    const answer = await player.http.request('GET', EXPORT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="courtside-account.json"');
    const data = JSON.parse(await answer.text()) as Exported;
    expect(data.account).toMatchObject({
      id: player.account.id,
      email: player.account.email,
      fullName: 'Sam Server',
    });
    expect(data.preferences.language).toBe('en');
    expect(data.managerRoles).toEqual([]);
    expect(data.teams).toEqual([
      expect.objectContaining({
        teamId: player.teamId,
        status: 'active',
        position: 2,
        memberIds: [player.account.id],
      }),
    ]);
    expect(data.matches).toEqual([
      expect.objectContaining({
        matchId: created.body.matchId,
        defenderTeamId: teams[0]!.teamId,
        challengerTeamId: player.teamId,
      }),
    ]);
    for (const list of ['challenges', 'livePointsScored', 'notifications', 'invitations'] as const) {
      expect(Array.isArray(data[list]), list).toBe(true);
    }
    // Another player's match is not in it; a team that left keeps the position it left from.
    const removed = await manager.json(
      'DELETE',
      `${ADMIN_API}/seasons/${seasonId}/teams/${teams[2]!.teamId}`,
    );
    expect(removed.status).toBe(200);
    const third = JSON.parse(await (await teams[2]!.http.request('GET', EXPORT)).text()) as Exported;
    expect(third.matches).toEqual([]);
    expect(third.teams).toEqual([
      expect.objectContaining({ teamId: teams[2]!.teamId, status: 'left', position: 3 }),
    ]);

    const managed = JSON.parse(await (await manager.request('GET', EXPORT)).text()) as Exported;
    expect(managed.managerRoles).toEqual([{ companyId: company.id, companyName: company.name }]);
    expect(managed.teams).toEqual([]);

    expect((await courtside.client().request('GET', EXPORT)).status).toBe(401);
  });

  it('breaks the download off, rather than leave it hanging, when a read fails half-way', async () => {
    const http = courtside.client();
    await signedInAccount(http);
    const db = new pg.Client({ connectionString: courtside.backend.databaseUrl });
    await db.connect();
    // The last list of the document cannot be read: the headers and the first lists are written by then. The client
    // sees the download broken: mostly after the headers; on a loaded machine the connection can be gone before it
    // has read them (a `fetch failed`). Either way never a whole-looking document, and never a wait.
    await db.query('ALTER TABLE courtside.invitations RENAME TO invitations_away');
    try {
      const download = await fetch(`${courtside.url}${EXPORT}`, {
        headers: { cookie: http.cookieHeader() },
      }).then(
        async (answer) => {
          expect(answer.status).toBe(200);
          return answer.text().then(
            () => 'whole',
            () => 'broken after the headers',
          );
        },
        () => 'broken before the headers',
      );
      expect(download).toMatch(/^broken/);
    } finally {
      await db.query('ALTER TABLE courtside.invitations_away RENAME TO invitations');
      await db.end();
    }
  });

  it('lists the invitations sent to every address the account confirmed (not those to a later owner of one), its ratings with their history as the player page shows them, and the dispute reasons it wrote', async () => {
    const REASON = 'The second set was 6-4, not 4-6';
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url, [
      'Ada Export',
      'Ben Opponent',
    ]);
    const [ada, ben] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const exportOf = async (http: HttpClient) =>
      JSON.parse(await (await http.request('GET', EXPORT)).text()) as Exported;

    // A rated result (the manager's is final) and a result Ada disputes with a reason.
    const rated = await plannedMatch(manager, seasonId, ada.teamId, ben.teamId);
    const put = (http: HttpClient, id: string, defender: number[], challenger: number[]) =>
      sentUntilTaken(() =>
        http.json('PUT', `${MATCHES_API}/matches`, {
          id,
          defender: sets(...defender),
          challenger: sets(...challenger),
        }),
      );
    // Taken: done (200), or done with the read models a little behind (202).
    const taken = (answer: { status: number }) => expect([200, 202]).toContain(answer.status);
    taken(await put(manager, rated, [6, 6], [2, 3]));
    const disputed = await plannedMatch(manager, seasonId, ben.teamId, ada.teamId);
    taken(await put(ben.http, disputed, [6, 6], [4, 4]));
    const dispute = await sentUntilTaken(() =>
      ada.http.json('POST', `${MATCHES_API}/matches/${disputed}/dispute`, { reason: REASON }),
    );
    taken(dispute);

    // Invitations from clubs: one to Ada's first address; she moves to a new one; one to that.
    const invite = async (club: HttpClient, season: string, email: string) => {
      const answer = await sentUntilTaken(() =>
        club.json<{ invited: Array<{ invitationId: string }> }>(
          'POST',
          `${ADMIN_API}/seasons/${season}/invitations`,
          { invitees: [{ email }], placement: 'WAITING' },
        ),
      );
      expect([201, 202]).toContain(answer.status);
      return answer.body.invited[0]!.invitationId;
    };
    const first = await managerWithSeason(courtside.url, { companyName: 'First Club' });
    const firstEmail = ada.account.email;
    const toFirst = await invite(first.manager, first.seasonId, firstEmail);
    const newEmail = uniqueEmail('ada-moved');
    expect(
      (await ada.http.request('PUT', `${ACCOUNT_API}/account/email`, { newEmail, currentPassword: PASSWORD }))
        .status,
    ).toBe(202);
    const code = await latestCode(ada.http, newEmail);
    expect((await ada.http.json('POST', `${ACCOUNT_API}/account/email/confirm`, { code })).status).toBe(200);
    const second = await managerWithSeason(courtside.url, { companyName: 'Second Club' });
    const toNew = await invite(second.manager, second.seasonId, newEmail);
    // Someone else signs up at Ada's first address: what is sent there now is theirs, and Ada's is not.
    const later = courtside.client();
    await signedInAccount(later, { email: firstEmail, fullName: 'Lou Later' });
    const toLater = await invite(second.manager, second.seasonId, firstEmail);

    const data = await exportOf(ada.http);
    expect(data.invitations.map((row) => row.invitationId).sort()).toEqual([toFirst, toNew].sort());
    expect((await exportOf(later)).invitations.map((row) => row.invitationId)).toEqual([toLater]);

    // The ratings as the player page shows them, each with its history as the page's rating history has it.
    const page = await eventually(
      async () => {
        const answer = await courtside.client().json<{
          companies: Array<{ companyId: string; ratings: Array<Record<string, unknown>> }>;
        }>('GET', `${LADDER_API}/players/${ada.account.id}`);
        return answer.body.companies.length > 0 ? answer.body : undefined;
      },
      { message: 'Ada rated' },
    );
    const history = await courtside
      .client()
      .json<unknown[]>(
        'GET',
        `${LADDER_API}/players/${ada.account.id}/ratings?companyId=${company.id}&sportsCategory=TENNISSINGLE`,
      );
    expect(history.body).toHaveLength(1);
    const rating = page.companies[0]!.ratings[0]!;
    expect((await exportOf(ada.http)).ratings).toEqual([
      {
        companyId: company.id,
        companyName: company.name,
        ...rating,
        history: history.body,
      },
    ]);

    // The reason Ada wrote, with the match it was about; Ben, who wrote none, has none.
    await eventually(async () => (await exportOf(ada.http)).disputeReasons[0]?.matchId === disputed, {
      message: 'the dispute in the audit copy of the log',
    });
    expect((await exportOf(ada.http)).disputeReasons).toEqual([
      expect.objectContaining({ companyId: company.id, matchId: disputed, text: REASON }),
    ]);
    expect((await exportOf(ben.http)).disputeReasons).toEqual([]);
  });
});
