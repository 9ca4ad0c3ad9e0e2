import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { managerWithCompany } from '../support/accounts.ts';
import { courtsideForTests, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

const aSeason = (overrides: Record<string, unknown> = {}) => ({
  name: 'Winter',
  startDate: day(-10),
  endDate: day(100),
  minimumPlayedMatches: 3,
  openForRegistration: true,
  matchType: 'BESTOFTHREE',
  ...overrides,
});

describe('admin: ladders and seasons', () => {
  const courtside = courtsideForTests();

  async function manager() {
    const http = courtside.client();
    const { company, account } = await managerWithCompany(http);
    const base = `${ADMIN_API}/companies/${company.id}`;
    return { http, company, account, base };
  }

  it('creates, reads, renames and deletes a ladder, and keeps its seasons with active and current', async () => {
    const { http, base } = await manager();

    const created = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
      name: 'Summer Singles',
      email: 'ladder@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    const ladder = `${base}/ladders/${created.body.uuid}`;
    const past = await http.json(
      'POST',
      `${ladder}/seasons`,
      aSeason({ name: 'Last year', startDate: day(-400), endDate: day(-200) }),
    );
    const active = await http.json<{ uuid: string }>('POST', `${ladder}/seasons`, aSeason());
    const next = await http.json(
      'POST',
      `${ladder}/seasons`,
      aSeason({ name: 'Next', startDate: day(200), endDate: day(300) }),
    );
    const byName = await http.json('GET', `${base}/ladders/name/summer%20SINGLES`);
    const list = await http.json('GET', `${base}/ladders`);
    const seasons = await http.json<Array<{ name: string; active: boolean; current: boolean }>>(
      'GET',
      `${ladder}/seasons`,
    );
    const onDate = await http.json<Array<{ name: string }>>('GET', `${ladder}/seasons?date=${day(250)}`);
    const renamed = await http.json('PUT', `${base}/ladders`, {
      uuid: created.body.uuid,
      name: 'Summer Singles Open',
      email: 'open@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    const changedSeason = await http.json('PUT', `${ladder}/seasons`, {
      ...aSeason({ name: 'Winter league' }),
      uuid: active.body.uuid,
    });
    const removedPast = await http.json(
      'DELETE',
      `${ladder}/seasons/${(past.body as { uuid: string }).uuid}`,
    );

    expect(created).toEqual({
      status: 201,
      body: {
        uuid: expect.any(String),
        name: 'Summer Singles',
        email: 'ladder@club.test',
        sportsCategory: 'TENNISSINGLE',
        hasActiveSeasons: false,
      },
    });
    expect(active).toMatchObject({
      status: 201,
      body: { name: 'Winter', active: true, current: true, minimumPlayedMatches: 3 },
    });
    expect(next).toMatchObject({ status: 201, body: { active: false, current: false } });
    expect(byName).toMatchObject({ status: 200, body: { uuid: created.body.uuid, hasActiveSeasons: true } });
    expect(list.body).toEqual([expect.objectContaining({ uuid: created.body.uuid })]);
    expect(seasons.body.map((s) => [s.name, s.active, s.current])).toEqual([
      ['Last year', false, false],
      ['Winter', true, true],
      ['Next', false, false],
    ]);
    expect(onDate.body.map((s) => s.name)).toEqual(['Next']);
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'Summer Singles Open', email: 'open@club.test' },
    });
    expect(changedSeason).toMatchObject({ status: 200, body: { name: 'Winter league', active: true } });
    expect(removedPast.status).toBe(200);
    expect((await http.json<unknown[]>('GET', `${ladder}/seasons`)).body).toHaveLength(2);
  });

  it('keeps ladder names unique per company, ignoring case, but not across companies', async () => {
    const { http, base } = await manager();
    const other = await manager();
    const body = { name: 'Padel Pro', email: 'p@club.test', sportsCategory: 'PADEL' };
    await http.json('POST', `${base}/ladders`, body);

    const taken = await http.json('POST', `${base}/ladders`, { ...body, name: ' padel PRO ' });
    const elsewhere = await other.http.json('POST', `${other.base}/ladders`, body);

    expect(taken).toEqual({
      status: 409,
      body: {
        error: 'Laddername is not available',
        issues: [{ path: ['name'], message: 'Laddername is not available', code: 'conflict' }],
      },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('keeps a season’s ladder rules: all of them in every answer, defaults for what was never set, the rest kept on a PUT', async () => {
    const { http, base } = await manager();
    const ladder = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
      name: 'Rules',
      email: 'r@club.test',
      sportsCategory: 'PADEL',
    });
    const seasons = `${base}/ladders/${ladder.body.uuid}/seasons`;
    const defaults = {
      challengeRange: 3,
      responseDays: 7,
      playDays: 14,
      declineIsWalkover: true,
      movement: 'LEAPFROG',
      confirmHours: 48,
      inactivityDays: 0,
      maxPauseDays: 21,
    };
    const plain = await http.json<{ uuid: string; rules: unknown }>('POST', seasons, aSeason());
    const later = await http.json<{ uuid: string; rules: unknown }>(
      'POST',
      seasons,
      aSeason({
        name: 'Later',
        startDate: day(200),
        endDate: day(300),
        rules: { challengeRange: 2, movement: 'SWAP' },
      }),
    );
    const changed = await http.json<{ rules: unknown }>('PUT', seasons, {
      ...aSeason({ name: 'Later', startDate: day(200), endDate: day(300) }),
      uuid: later.body.uuid,
      rules: { confirmHours: 0 },
    });
    const withoutRules = await http.json<{ rules: unknown }>('PUT', seasons, {
      ...aSeason({ name: 'Later', startDate: day(200), endDate: day(300) }),
      uuid: later.body.uuid,
    });
    const badRules = await http.json<{ issues: Array<{ path: string[] }> }>(
      'POST',
      seasons,
      aSeason({
        name: 'Bad',
        startDate: day(400),
        endDate: day(500),
        rules: { challengeRange: -1, movement: 'JUMP', responseDays: 0.5, declineIsWalkover: 'yes' },
      }),
    );
    const listed = await http.json<Array<{ uuid: string; rules: unknown }>>('GET', seasons);

    expect(plain).toMatchObject({ status: 201, body: { rules: defaults } });
    expect(later).toMatchObject({
      status: 201,
      body: { rules: { ...defaults, challengeRange: 2, movement: 'SWAP' } },
    });
    const expected = { ...defaults, challengeRange: 2, movement: 'SWAP', confirmHours: 0 };
    expect(changed).toMatchObject({ status: 200, body: { rules: expected } });
    expect(withoutRules).toMatchObject({ status: 200, body: { rules: expected } });
    expect(badRules.status).toBe(400);
    expect(badRules.body.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'rules.challengeRange',
      'rules.declineIsWalkover',
      'rules.movement',
      'rules.responseDays',
    ]);
    expect(listed.body.map((season) => season.rules)).toEqual([defaults, expected]);
  });

  it('refuses bad ladder and season input with 400 and the fields that are wrong', async () => {
    const { http, base } = await manager();
    const ladder = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
      name: 'Doubles',
      email: 'd@club.test',
      sportsCategory: 'TENNISDOUBLE',
    });
    const fields = (answer: { body: unknown }) =>
      (answer.body as { issues: Array<{ path: string[] }> }).issues
        .map((issue) => issue.path.join('.'))
        .sort();

    const badLadder = await http.json('POST', `${base}/ladders`, {
      name: ' ',
      email: 'nope',
      sportsCategory: 'CHESS',
    });
    const endBeforeStart = await http.json(
      'POST',
      `${base}/ladders/${ladder.body.uuid}/seasons`,
      aSeason({ startDate: day(10), endDate: day(5) }),
    );
    const badSeason = await http.json('POST', `${base}/ladders/${ladder.body.uuid}/seasons`, {
      name: '',
      startDate: '2026-13-01',
      minimumPlayedMatches: -1,
      openForRegistration: 'yes',
      matchType: 'FASTEST',
    });

    expect(badLadder.status).toBe(400);
    expect(fields(badLadder)).toEqual(['email', 'name', 'sportsCategory']);
    expect(endBeforeStart.status).toBe(400);
    expect(fields(endBeforeStart)).toEqual(['endDate']);
    expect(fields(badSeason)).toEqual([
      'endDate',
      'matchType',
      'minimumPlayedMatches',
      'name',
      'openForRegistration',
      'startDate',
    ]);
  });

  it('refuses overlapping seasons, a sports category change or a delete while a season is active', async () => {
    const { http, base } = await manager();
    const ladder = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
      name: 'Singles',
      email: 's@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    const seasons = `${base}/ladders/${ladder.body.uuid}/seasons`;
    const active = await http.json<{ uuid: string }>('POST', seasons, aSeason());

    const overlap = await http.json<{ error: string }>(
      'POST',
      seasons,
      aSeason({ name: 'Clash', startDate: day(100), endDate: day(150) }),
    );
    const touching = await http.json(
      'POST',
      seasons,
      aSeason({ name: 'After', startDate: day(101), endDate: day(150) }),
    );
    const category = await http.json<{ error: string }>('PUT', `${base}/ladders`, {
      uuid: ladder.body.uuid,
      name: 'Singles',
      email: 's@club.test',
      sportsCategory: 'PADEL',
    });
    const deleteLadder = await http.json('DELETE', `${base}/ladders/${ladder.body.uuid}`);
    const deleteSeason = await http.json('DELETE', `${seasons}/${active.body.uuid}`);

    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toBe('Season overlaps with another season');
    expect(touching.status).toBe(201);
    expect(category.status).toBe(409);
    expect(deleteLadder.status).toBe(409);
    expect(deleteSeason.status).toBe(409);
  });

  it("answers 404 on every route for another company's ladders, and 401 without a session", async () => {
    const owner = await manager();
    const ladder = await owner.http.json<{ uuid: string }>('POST', `${owner.base}/ladders`, {
      name: 'Private',
      email: 'p@club.test',
      sportsCategory: 'PADEL',
    });
    const season = await owner.http.json<{ uuid: string }>(
      'POST',
      `${owner.base}/ladders/${ladder.body.uuid}/seasons`,
      aSeason({ startDate: day(50), endDate: day(60) }),
    );
    const intruder = await manager();
    const anonymous = courtside.client();
    const l = `${owner.base}/ladders/${ladder.body.uuid}`;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `${owner.base}/ladders`],
      ['POST', `${owner.base}/ladders`, { name: 'Mine now', email: 'x@y.test', sportsCategory: 'PADEL' }],
      [
        'PUT',
        `${owner.base}/ladders`,
        { uuid: ladder.body.uuid, name: 'Mine now', email: 'x@y.test', sportsCategory: 'PADEL' },
      ],
      ['GET', l],
      ['DELETE', l],
      ['GET', `${owner.base}/ladders/name/Private`],
      ['GET', `${l}/seasons`],
      ['POST', `${l}/seasons`, aSeason({ startDate: day(70), endDate: day(80) })],
      [
        'PUT',
        `${l}/seasons`,
        { ...aSeason({ startDate: day(50), endDate: day(60) }), uuid: season.body.uuid },
      ],
      ['GET', `${l}/seasons/${season.body.uuid}`],
      ['DELETE', `${l}/seasons/${season.body.uuid}`],
      ['GET', `${owner.base}/events`],
    ];

    for (const [method, path, body] of routes) {
      expect([method, path, (await intruder.http.json(method, path, body)).status]).toEqual([
        method,
        path,
        404,
      ]);
      expect([method, path, (await anonymous.json(method, path, body)).status]).toEqual([method, path, 401]);
    }
    expect((await owner.http.json('GET', l)).body).toMatchObject({ name: 'Private' });
  });

  it('lets exactly one of two managers racing for one ladder name, or for overlapping seasons, succeed', async () => {
    const second = await startTestCourtside(courtside.backend, { runProjector: false });
    try {
      const { http, account, base, company } = await manager();
      const colleague = new HttpClient(second.url!);
      await colleague.json('POST', `${ACCOUNT_API}/account/login`, {
        email: account.email,
        password: 'correct horse battery',
      });
      const clients = [http, colleague];
      const body = { name: 'Race', email: 'r@club.test', sportsCategory: 'TENNISSINGLE' };

      const ladders = await Promise.all(
        Array.from({ length: 6 }, (_, i) => clients[i % 2]!.json('POST', `${base}/ladders`, body)),
      );
      const ladderId = (ladders.find((answer) => answer.status === 201)!.body as { uuid: string }).uuid;
      const seasons = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          clients[i % 2]!.json(
            'POST',
            `${base}/ladders/${ladderId}/seasons`,
            aSeason({ name: `S${i}`, startDate: day(300 + i), endDate: day(320 + i) }),
          ),
        ),
      );

      expect(ladders.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(seasons.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(
        (await http.json<unknown[]>('GET', `${ADMIN_API}/companies/${company.id}/ladders`)).body,
      ).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('announces created, updated and deleted ladders to the company room', async () => {
    const { http, base, company } = await manager();
    const live = new LiveClient(courtside.url, { 'SESSION-ID': http.cookie('SESSION-ID')! });
    try {
      await live.connected();
      expect(await live.subscribe(`company:${company.id}`)).toMatchObject({ ok: true });

      const ladder = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
        name: 'Live',
        email: 'l@club.test',
        sportsCategory: 'PADEL',
      });
      await http.json('PUT', `${base}/ladders`, {
        uuid: ladder.body.uuid,
        name: 'Live 2',
        email: 'l@club.test',
        sportsCategory: 'PADEL',
      });
      await http.json('DELETE', `${base}/ladders/${ladder.body.uuid}`);

      await eventually(() => live.pushes.length >= 3, { message: 'three ladder.changed pushes' });
      expect(live.pushes.map((push) => [push.event, push.data])).toEqual([
        [
          'ladder.changed',
          { companyId: company.id, ladderId: ladder.body.uuid, name: 'Live', change: 'created' },
        ],
        [
          'ladder.changed',
          { companyId: company.id, ladderId: ladder.body.uuid, name: 'Live 2', change: 'updated' },
        ],
        [
          'ladder.changed',
          { companyId: company.id, ladderId: ladder.body.uuid, name: 'Live 2', change: 'deleted' },
        ],
      ]);
    } finally {
      live.close();
    }
  });

  it('shows every change in the history, newest first, with who made it, filtered by ladder and paged', async () => {
    const { http, base } = await manager();
    const ladder = await http.json<{ uuid: string }>('POST', `${base}/ladders`, {
      name: 'History',
      email: 'h@club.test',
      sportsCategory: 'PADEL',
    });
    await http.json('POST', `${base}/ladders`, {
      name: 'Other',
      email: 'o@club.test',
      sportsCategory: 'PADEL',
    });
    await http.json('POST', `${base}/ladders/${ladder.body.uuid}/seasons`, aSeason());

    const all = await http.json<{
      items: Array<{ type: string; actor: { name: string } }>;
      nextAfter: number | null;
    }>('GET', `${base}/events`);
    const ofLadder = await http.json<{ items: Array<{ type: string }> }>(
      'GET',
      `${base}/events?stream=${ladder.body.uuid}`,
    );
    const firstPage = await http.json<{ items: Array<{ type: string }>; nextAfter: number }>(
      'GET',
      `${base}/events?limit=2`,
    );
    const secondPage = await http.json<{ items: Array<{ type: string }>; nextAfter: number | null }>(
      'GET',
      `${base}/events?limit=2&after=${firstPage.body.nextAfter}`,
    );
    const badQuery = await http.json('GET', `${base}/events?limit=9999`);

    expect(all.body.items.map((event) => event.type)).toEqual([
      'SeasonCreated',
      'LadderCreated',
      'LadderCreated',
      'CompanyCreated',
    ]);
    expect(all.body.items.every((event) => event.actor.name === 'Sam Server')).toBe(true);
    expect(ofLadder.body.items.map((event) => event.type)).toEqual(['SeasonCreated', 'LadderCreated']);
    expect(firstPage.body.items.map((event) => event.type)).toEqual(['SeasonCreated', 'LadderCreated']);
    expect(secondPage.body.items.map((event) => event.type)).toEqual(['LadderCreated', 'CompanyCreated']);
    expect(secondPage.body.nextAfter).toBeNull();
    expect(badQuery.status).toBe(400);
  });
});
