import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seasonTimelineOf,
  type SeasonEventsAnswer,
} from '../../web/src/features/audit/components/season-view.ts';
import type { RunningCourtside } from '@courtside/api/courtside';
import { verifyLog } from '@courtside/eventlog/chain/verify-log';
import { eventHash, CHAIN_START } from '@courtside/eventlog/chain/hash-chain';
import { managerWithCompany, signedInAccount } from '../support/accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';
import { ACCOUNT_API, ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';

interface HistoryItem {
  position: number;
  occurredAt: string;
  type: string;
  actor: { id: string; name: string };
  summary: string;
  changes: Array<{ teamId: string; from: number | null; to: number | null }>;
  teamIds: string[];
  matchId?: string;
}
interface AtAnswer {
  at: { position: number; occurredAt: string };
  standings: Array<{ teamId: string; position: number; played: number; won: number; lost: number }>;
  matches: Array<{ id: string; status: string; challenger: { position: number; winner: boolean } }>;
}

const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

describe('history for auditors (DESIGN.md §8)', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let db: pg.Client;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend);
    db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  /** Three teams; the third beats the first (who then stands second) and leapfrogs to the top. */
  async function playedSeason() {
    const setup = await seasonWithTeams(courtside.url!, 3);
    const { manager, seasonId, teams } = setup;
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[2]!.teamId,
      },
    );
    expect(created.status).toBe(201);
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: created.body.matchId,
      defender: sets(4, 4),
      challenger: sets(6, 6),
    });
    expect(played.status).toBe(200);
    return { ...setup, matchId: created.body.matchId };
  }

  it('lists every event of the season oldest first, with who did it, the event in words and the moves it made', async () => {
    const { manager, seasonId, teams } = await playedSeason();
    const me = await manager.json<{ id: string }>('GET', `${ACCOUNT_API}/account`);
    const history = await manager.json<HistoryItem[]>('GET', `${ADMIN_API}/seasons/${seasonId}/history`);

    expect(history.status).toBe(200);
    const types = history.body.map((item) => item.type);
    expect(types).toEqual([
      'SeasonCreated',
      ...teams.flatMap(() => ['TeamRegistered', 'TeamAccepted']),
      'MatchCreated',
      'MatchResultRecorded',
      'ChallengerLeapfrogged',
    ]);
    const positions = history.body.map((item) => item.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const leap = history.body.at(-1)!;
    expect(leap.actor).toEqual({ id: me.body.id, name: 'Sam Server' });
    expect(leap.summary).toBe('Sam Server moved from 3 to 1 after beating Sam Server 6-4 6-4');
    expect([...leap.teamIds].sort()).toEqual(teams.map((team) => team.teamId).sort());
    expect(leap.changes).toEqual([
      { teamId: teams[2]!.teamId, from: 3, to: 1 },
      { teamId: teams[0]!.teamId, from: 1, to: 2 },
      { teamId: teams[1]!.teamId, from: 2, to: 3 },
    ]);
    expect(history.body[2]).toMatchObject({
      type: 'TeamAccepted',
      summary: 'Sam Server accepted at position 1',
      changes: [{ teamId: teams[0]!.teamId, from: null, to: 1 }],
    });
    expect(history.body.at(-2)!.summary).toBe('Result Sam Server vs Sam Server: 4-6 4-6');

    // The same history in the auditor's page's language; a language it does not have is a clear 400.
    const dutch = await manager.json<HistoryItem[]>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history?lang=nl`,
    );
    expect(dutch.body.map((item) => item.type)).toEqual(types);
    expect(dutch.body.at(-1)!.summary).toBe('Sam Server van 3 naar 1 na winst op Sam Server 6-4 6-4');
    expect(dutch.body[2]!.summary).toBe('Sam Server toegelaten op plaats 1');
    expect(dutch.body.at(-2)!.summary).toBe('Uitslag Sam Server tegen Sam Server: 4-6 4-6');
    const unknown = await manager.json<{ issues: unknown }>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history?lang=fr`,
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { issues: [expect.objectContaining({ path: ['lang'] })] },
    });
  });

  it('shows the standings and matches as they stood after any event, by position or by time', async () => {
    const { manager, seasonId, teams, matchId } = await playedSeason();
    const history = await manager.json<HistoryItem[]>('GET', `${ADMIN_API}/seasons/${seasonId}/history`);
    const created = history.body.find((item) => item.type === 'MatchCreated')!;
    const leap = history.body.at(-1)!;
    const url = `${ADMIN_API}/seasons/${seasonId}/standings`;

    const before = await manager.json<AtAnswer>('GET', `${url}?at=${created.position}`);
    const byTime = await manager.json<AtAnswer>('GET', `${url}?at=${encodeURIComponent(created.occurredAt)}`);
    const after = await manager.json<AtAnswer>('GET', `${url}?at=${leap.position}`);
    const head = await manager.json<AtAnswer>('GET', url);
    const future = await manager.json<AtAnswer>('GET', `${url}?at=2999-01-01T00:00:00Z`);
    const live = await manager.json('GET', `${MATCHES_API}/matches/${matchId}`);

    expect(before.status).toBe(200);
    expect(before.body.at).toEqual({ position: created.position, occurredAt: created.occurredAt });
    expect(before.body.standings.map((row) => row.teamId)).toEqual(teams.map((team) => team.teamId));
    expect(before.body.matches).toMatchObject([
      { id: matchId, status: 'planned', challenger: { position: 3 } },
    ]);
    // Events in the same millisecond: the time picks the last of them, never an earlier one.
    expect(byTime.body.at.position).toBeGreaterThanOrEqual(created.position);
    expect(after.body.standings.map((row) => [row.teamId, row.played, row.won, row.lost])).toEqual([
      [teams[2]!.teamId, 1, 1, 0],
      [teams[0]!.teamId, 1, 0, 1],
      [teams[1]!.teamId, 0, 0, 0],
    ]);
    expect(after.body.matches).toEqual([live.body]);
    expect(head.body).toEqual(after.body);
    expect(future.body).toEqual(head.body);
  });

  it('shows a match scored live as it stood at that point, and at the head exactly as GET matches/{id}', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[1]!.teamId,
      },
    );
    const url = `${MATCHES_API}/matches/${created.body.matchId}`;
    expect((await manager.json('POST', `${url}/live`, { firstServer: 'defender' })).status).toBe(200);
    // A game to the defender, then a point to the challenger that is taken back, then one more to the defender.
    const steps: Array<[string, unknown]> = [
      ...Array.from({ length: 4 }, (_, i): [string, unknown] => [
        'points',
        { seq: i + 1, winner: 'defender' },
      ]),
      ['points', { seq: 5, winner: 'challenger' }],
      ['points/undo', { seq: 5 }],
      ['points', { seq: 5, winner: 'defender' }],
    ];
    for (const [path, body] of steps)
      expect((await manager.json('POST', `${url}/${path}`, body)).status).toBe(200);
    const history = await manager.json<HistoryItem[]>('GET', `${ADMIN_API}/seasons/${seasonId}/history`);
    const standings = `${ADMIN_API}/seasons/${seasonId}/standings`;
    const afterGame = history.body.filter((item) => item.type === 'PointScored')[3]!;
    const atGame = await manager.json<AtAnswer & { matches: Array<{ live: unknown; defender: unknown }> }>(
      'GET',
      `${standings}?at=${afterGame.position}`,
    );
    const head = await manager.json<AtAnswer>('GET', standings);
    const live = await manager.json('GET', url);

    expect(atGame.body.matches[0]!.live).toEqual({
      seq: 4,
      game: { defender: '0', challenger: '0' },
      server: 'challenger',
      finished: false,
      // When its live score last changed: that point.
      updatedAt: new Date(afterGame.occurredAt).toISOString(),
    });
    expect(atGame.body.matches[0]!.defender).toMatchObject({ matchSets: [{ score: 1 }] });
    expect(head.body.matches).toEqual([live.body]);
    expect(live.body).toMatchObject({ live: { seq: 5, game: { defender: '15', challenger: '0' } } });
  });

  it('gives the page the events it folds at every step, with the names of the players, and the same view as standings?at', async () => {
    const { manager, seasonId, teams, matchId } = await playedSeason();
    const history = await manager.json<HistoryItem[]>('GET', `${ADMIN_API}/seasons/${seasonId}/history`);
    const answer = await manager.json<SeasonEventsAnswer>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history/events`,
    );

    expect(answer.status).toBe(200);
    // The history's own events, and its ladder's details before them (the ladder's name, its sport).
    const own = answer.body.events.filter(({ event }) => event.type !== 'LadderCreated');
    expect(own.map(({ position, event }) => [position, event.type])).toEqual(
      history.body.map((item) => [item.position, item.type]),
    );
    expect(answer.body.events[0]!.event.type).toBe('LadderCreated');
    expect(Object.values(answer.body.names)).toEqual(teams.map(() => 'Sam Server'));

    const timeline = seasonTimelineOf(answer.body);
    const created = history.body.find((item) => item.type === 'MatchCreated')!;
    const before = timeline.at(created.position);
    expect(before.standings.map((row) => row.teamId)).toEqual(teams.map((team) => team.teamId));
    expect(before.matches).toMatchObject([{ id: matchId, status: 'planned' }]);
    const after = timeline.at(history.body.at(-1)!.position);
    expect(after.standings.map((row) => [row.teamId, row.position, row.won, row.lost])).toEqual([
      [teams[2]!.teamId, 1, 1, 0],
      [teams[0]!.teamId, 2, 0, 1],
      [teams[1]!.teamId, 3, 0, 0],
    ]);
    expect(after.standings[0]!.members).toEqual([{ fullName: 'Sam Server' }]);
    expect(after.matches).toMatchObject([
      { id: matchId, status: 'completed', challenger: { winner: true }, defender: { winner: false } },
    ]);
  });

  it('answers a bad `at` with a clear 400: garbage, position 0, a position not yet written, a time before the season', async () => {
    const { manager, seasonId } = await playedSeason();
    const url = `${ADMIN_API}/seasons/${seasonId}/standings`;
    const history = await manager.json<HistoryItem[]>('GET', `${ADMIN_API}/seasons/${seasonId}/history`);
    const first = history.body[0]!.position;

    const answers = await Promise.all(
      ['yesterday', '-1', '1.5', '0', '99999999', `${first - 1}`, '1999-01-01T00:00:00Z', '2026-13-45'].map(
        (at) =>
          manager.json<{ error: string; issues?: unknown }>('GET', `${url}?at=${encodeURIComponent(at)}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect(answers[0]!.body).toMatchObject({
      error: 'Invalid query',
      issues: [expect.objectContaining({ path: ['at'] })],
    });
    expect(answers[4]!.body.error).toMatch(/^No event at position 99999999 yet/);
    expect(answers[5]!.body.error).toBe(`The season's history starts at position ${first}`);
    expect(answers[6]!.body.error).toMatch(/^The season's history starts at /);
  });

  it('keeps every route to managers of the company: another club and a signed-out caller see nothing', async () => {
    const { seasonId, company } = await playedSeason();
    const other = new HttpClient(courtside.url!);
    await managerWithCompany(other, 'Other Club');
    const player = new HttpClient(courtside.url!);
    await signedInAccount(player);
    const routes = [
      `${ADMIN_API}/seasons/${seasonId}/history`,
      `${ADMIN_API}/seasons/${seasonId}/history/events`,
      `${ADMIN_API}/seasons/${seasonId}/standings`,
      `${ADMIN_API}/seasons/${seasonId}/standings?at=1`,
      `${ADMIN_API}/companies/${company.id}/verify`,
      `${ADMIN_API}/companies/${company.id}/events.ndjson`,
      `${ADMIN_API}/companies/${company.id}/results.csv`,
      `${ADMIN_API}/seasons/${randomUUID()}/history`,
      `${ADMIN_API}/companies/not-a-uuid/verify`,
    ];
    for (const route of routes) {
      for (const caller of [other, player]) {
        const answer = await caller.request('GET', route);
        expect(answer.status, route).toBe(404);
        expect(await answer.text()).not.toContain('Sam Server');
      }
      const anonymous = await new HttpClient(courtside.url!).request('GET', route);
      expect(anonymous.status, route).toBe(401);
    }
  });

  it('exports every event as ndjson with its position and hash, and every result as csv', async () => {
    const { manager, company, seasonId, teams, matchId } = await playedSeason();
    const ndjson = await manager.request('GET', `${ADMIN_API}/companies/${company.id}/events.ndjson`);
    const csv = await manager.request('GET', `${ADMIN_API}/companies/${company.id}/results.csv`);
    const verify = await manager.json<{ headHash: string; events: number }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/verify`,
    );

    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await ndjson.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.position)).toEqual(lines.map((_, index) => index + 1));
    expect(lines.length).toBe(verify.body.events);
    expect(lines[0]).toMatchObject({ type: 'CompanyCreated', companyId: company.id, schemaVersion: 1 });
    let previous = CHAIN_START;
    for (const { position: _position, ...envelope } of lines) {
      expect(envelope.hash).toBe(eventHash(previous, envelope));
      previous = envelope.hash as string;
    }
    expect(previous).toBe(verify.body.headHash);
    expect(lines.some((line) => (line.payload as { seasonId?: string }).seasonId === seasonId)).toBe(true);

    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows).toEqual([
      'season,matchId,date,status,defender,challenger,score,winner,confirmation',
      `Winter,${matchId},,completed,Sam Server,Sam Server,4-6 4-6,Sam Server,confirmed`,
    ]);
    expect(teams).toHaveLength(3);
  });

  it('names exactly the event that was rewritten behind the api’s back, in the read models and in the log itself', async () => {
    const { manager, company } = await playedSeason();
    const verify = () =>
      manager.json<{ ok: boolean; events: number; headHash: string; firstBadPosition?: number }>(
        'GET',
        `${ADMIN_API}/companies/${company.id}/verify`,
      );
    const intact = await verify();
    const offlineIntact = (await verifyLog(courtside.log)).get(company.id);

    const schema = courtside.readModelSchema;
    await db.query(
      `UPDATE ${schema}.company_events SET envelope = jsonb_set(envelope, '{payload,name}', '"Rewritten"')
       WHERE company_id = $1 AND seq = 4`,
      [company.id],
    );
    const tampered = await verify();
    // The log itself: the third event of the company in the embedded log's table.
    await db.query(
      `UPDATE eventlog.events SET body = jsonb_set(body, '{actorId}', '"someone-else"')
       WHERE "offset" = (SELECT "offset" FROM eventlog.events WHERE company_id = $1 ORDER BY "offset" OFFSET 2 LIMIT 1)`,
      [company.id],
    );
    const offline = (await verifyLog(courtside.log)).get(company.id);

    expect(intact.body).toEqual({
      ok: true,
      events: expect.any(Number),
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(offlineIntact).toMatchObject({
      ok: true,
      events: intact.body.events,
      headHash: intact.body.headHash,
    });
    expect(tampered.body).toEqual({ ...intact.body, ok: false, firstBadPosition: 4 });
    expect(offline).toMatchObject({ ok: false, firstBadPosition: 3 });
  });

  it('starts the chain once for a company whose first events were written before hashes, never rewriting them', async () => {
    const http = new HttpClient(courtside.url!);
    const owner = await signedInAccount(http);
    const companyId = randomUUID();
    const legacy = {
      id: randomUUID(),
      type: 'CompanyCreated',
      schemaVersion: 1,
      companyId,
      streamId: companyId,
      actorId: owner.id,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      payload: { companyId, name: 'Old Club', ownerId: owner.id },
    };
    await courtside.log.append(companyId, [legacy]);
    const verify = () =>
      http.json<{ ok: boolean; events: number; headHash: string | null }>(
        'GET',
        `${ADMIN_API}/companies/${companyId}/verify`,
      );
    const before = await eventually(async () => {
      const answer = await verify();
      expect(answer.status).toBe(200);
      return answer.body;
    });
    const ladder = await http.json('POST', `${ADMIN_API}/companies/${companyId}/ladders`, {
      name: 'Since the chain',
      email: 'ladder@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    const after = await verify();
    const lines = (
      await (await http.request('GET', `${ADMIN_API}/companies/${companyId}/events.ndjson`)).text()
    )
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(before).toEqual({ ok: true, events: 1, headHash: null });
    expect(ladder.status).toBe(201);
    expect(lines[0]).toEqual({ ...legacy, position: 1 });
    const { position: _position, ...first } = lines[1]!;
    expect(first.hash).toBe(eventHash(CHAIN_START, first));
    expect(after.body).toEqual({ ok: true, events: 2, headHash: first.hash });
  });

  it('chains every event to the one before, also when a company’s commands follow each other faster than they are projected', async () => {
    const http = new HttpClient(courtside.url!);
    const { company } = await managerWithCompany(http);
    // One after the other through the company's queue: each decides while the one before may not be projected yet.
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sentUntilTaken(() =>
          http.json('POST', `${ADMIN_API}/companies/${company.id}/ladders`, {
            name: `Ladder ${i}`,
            email: 'ladder@club.test',
            sportsCategory: 'TENNISSINGLE',
          }),
        ),
      ),
    );
    // Each saved (201, or 202 when its projection came after the command's bound on a loaded machine); a refusal
    // shows with its reason.
    expect(created.filter((answer) => answer.status >= 300)).toEqual([]);
    // The read models' history has every event once projected.
    const verified = await eventually(async () => {
      const { body } = await http.json<{ ok: boolean; events: number }>(
        'GET',
        `${ADMIN_API}/companies/${company.id}/verify`,
      );
      return body.events === 13 && body;
    });
    expect(verified).toMatchObject({ ok: true, events: 13 });
    expect((await verifyLog(courtside.log)).get(company.id)).toMatchObject({ ok: true, events: 13 });
  });

  it('chains every event of a company whose commands come through two api processes at once', async () => {
    const second = await startTestCourtside(backend, { runProjector: false });
    try {
      const processes = [new HttpClient(courtside.url!), new HttpClient(second.url!)];
      const companyId = randomUUID();
      // Their turns are taken through the company's lock in Postgres: each decides after the one before committed.
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          sentUntilTaken(() =>
            processes[i % 2]!.json('POST', `/webapps/api/test/companies/${companyId}/notes`, {
              text: `note ${i}`,
            }),
          ),
        ),
      );

      expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
      expect((await verifyLog(courtside.log)).get(companyId)).toMatchObject({ ok: true, events: 16 });
    } finally {
      await second.stop();
    }
  });
});
