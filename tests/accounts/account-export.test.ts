import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

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
  invitations: unknown[];
}

/** DESIGN.md §10 "Export": one JSON document of everything about the caller, as an attachment. */
describe('downloading my data', () => {
  let courtside: RunningCourtside;
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend);
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('gives a player their account, preferences, teams and matches, and a manager their clubs, as one JSON attachment', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url!, 3);
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

    expect((await new HttpClient(courtside.url!).request('GET', EXPORT)).status).toBe(401);
  });

  it('breaks the download off, rather than leave it hanging, when a read fails half-way', async () => {
    const http = new HttpClient(courtside.url!);
    await signedInAccount(http);
    const db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
    // The last list of the document cannot be read: the headers and the first lists are out by then.
    await db.query('ALTER TABLE courtside.invitations RENAME TO invitations_away');
    try {
      const answer = await fetch(`${courtside.url}${EXPORT}`, { headers: { cookie: http.cookieHeader() } });
      expect(answer.status).toBe(200);
      await expect(answer.text()).rejects.toThrow();
    } finally {
      await db.query('ALTER TABLE courtside.invitations_away RENAME TO invitations');
      await db.end();
    }
  });
});
