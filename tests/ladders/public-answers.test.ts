import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForTests } from '../support/courtside.ts';
import { conditionalGet } from '../support/conditional-get.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

/**
 * Public reads that everyone gets alike (standings, matches lists, a match, signed out) are kept until the read
 * models change: pollers get the same ETag (and a 304), and a change shows at once after it is projected.
 */
describe('public answers kept until the read models change', () => {
  const courtside = courtsideForTests();

  /** A season of `players` accepted teams and a match between its first two. */
  const seasonWithMatch = async (players: number) => {
    const season = await seasonWithTeams(courtside.url, players);
    const created = await season.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${season.seasonId}/teams/match`,
      { defenderId: season.teams[0]!.teamId, challengerId: season.teams[1]!.teamId },
    );
    return { ...season, matchId: created.body.matchId };
  };

  const read = async (path: string, etag?: string) => {
    const { status, etag: tag, text } = await conditionalGet(`${courtside.url}${path}`, etag);
    return { status, etag: tag, body: text };
  };

  it('answers pollers 304 while nothing changed, and the new standings once a move is projected', async () => {
    const { manager, seasonId, ladderId, teams } = await seasonWithTeams(courtside.url, 3);
    const standings = `${LADDER_API}/ladders/${ladderId}/standings`;
    const order = (body: string) =>
      (JSON.parse(body) as { teams: Array<{ teamId: string }> }).teams.map((t) => t.teamId);

    const first = await read(standings);
    const polled = await read(standings, first.etag!);
    const moved = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/position/1`, {
      teamId: teams[2]!.teamId,
    });
    expect(moved.status).toBe(200);
    const after = await read(standings, first.etag!);
    // A signed-in player gets their own answer (with what they may challenge), never a kept one.
    const signedIn = await teams[0]!.http.json<{ teams: Array<{ teamId: string }> }>('GET', standings);

    expect(first.status).toBe(200);
    expect(order(first.body)).toEqual(teams.map((team) => team.teamId));
    expect(polled).toEqual({ status: 304, etag: first.etag, body: '' });
    // The command answers once its events are projected, so the next read already has them.
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect(order(after.body)).toEqual([teams[2], teams[0], teams[1]].map((team) => team!.teamId));
    expect(signedIn.body.teams.map((team) => team.teamId)).toEqual(order(after.body));
  });

  it('keeps a matches list and a match until a result changes them', async () => {
    const { manager, seasonId, matchId } = await seasonWithMatch(2);
    const list = `${MATCHES_API}/matches?PAGE=0&COMPLETED=TRUE&TAGS=${seasonId}`;
    const match = `${MATCHES_API}/matches/${matchId}`;
    const [emptyList, planned] = [await read(list), await read(match)];
    expect(await read(list, emptyList.etag!)).toMatchObject({ status: 304 });
    expect(await read(match, planned.etag!)).toMatchObject({ status: 304 });

    const sets = (a: number, b: number) => ({
      matchSets: [a, b].map((score, index) => ({ order: index + 1, score })),
      special: 'none',
    });
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      defender: sets(6, 6),
      challenger: sets(3, 4),
    });
    expect(played.status).toBe(200);

    // The save answers once projected: the next reads have the result.
    const [nowList, nowMatch] = [await read(list, emptyList.etag!), await read(match, planned.etag!)];
    expect(nowList.status).toBe(200);
    expect(JSON.parse(nowList.body)).toHaveLength(1);
    expect(nowMatch.status).toBe(200);
    expect(JSON.parse(nowMatch.body)).toMatchObject({ status: 'completed' });
    expect(JSON.parse(planned.body)).toMatchObject({ status: 'planned' });
    expect(JSON.parse(emptyList.body)).toEqual([]);
  });

  it('builds each signed-in caller’s view over the kept rows: editable, itsMe and challenges are the caller’s own', async () => {
    const { manager, seasonId, ladderId, teams, matchId } = await seasonWithMatch(3);
    type Item = { editable: boolean; defender: { members: Array<{ itsMe: boolean }> } };
    const list = `${MATCHES_API}/matches?PAGE=0&NOTCOMPLETED=TRUE&TAGS=${seasonId}`;
    const match = `${MATCHES_API}/matches/${matchId}`;
    const standings = `${LADDER_API}/ladders/${ladderId}/standings`;
    const seen = async (caller: (typeof teams)[number]['http'] | typeof manager) => {
      const [listed, one, rows] = await Promise.all([
        caller.json<Array<{ match: Item }>>('GET', list),
        caller.json<Item>('GET', match),
        caller.json<{ teams: Array<{ teamId: string; canChallenge?: boolean }> }>('GET', standings),
      ]);
      return {
        listed: listed.body.map(({ match }) => [match.editable, match.defender.members[0]!.itsMe]),
        one: [one.body.editable, one.body.defender.members[0]!.itsMe],
        mayChallenge: rows.body.teams.filter((row) => row.canChallenge).map((row) => row.teamId),
      };
    };

    // One after the other, so every caller after the first reads the kept rows.
    const defender = await seen(teams[0]!.http);
    const bystander = await seen(teams[2]!.http);
    const club = await seen(manager);
    const anonymous = JSON.parse((await read(match)).body) as Item;

    expect(defender).toEqual({ listed: [[true, true]], one: [true, true], mayChallenge: [] });
    expect(bystander).toEqual({
      listed: [[false, false]],
      one: [false, false],
      mayChallenge: [teams[0]!.teamId, teams[1]!.teamId],
    });
    expect(club).toMatchObject({ listed: [[true, false]], one: [true, false], mayChallenge: [] });
    expect([anonymous.editable, anonymous.defender.members[0]!.itsMe]).toEqual([false, false]);
  });

  it('shows a new name at once, though names change outside the log', async () => {
    const { ladderId, teams } = await seasonWithTeams(courtside.url, 2);
    const standings = `${LADDER_API}/ladders/${ladderId}/standings`;
    const firstNames = (body: string) =>
      (JSON.parse(body) as { teams: Array<{ members: Array<{ fullName: string }> }> }).teams.map(
        (team) => team.members[0]!.fullName,
      );
    const before = await read(standings);
    const renamed = await teams[1]!.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName: 'Renamed Rita',
      phoneNumber: { countryCode: '31', number: '06 12345678' },
    });
    expect(renamed.status).toBe(200);
    const after = await read(standings, before.etag!);

    expect(firstNames(before.body)).not.toContain('Renamed Rita');
    expect(after.status).toBe(200);
    expect(firstNames(after.body)[1]).toBe('Renamed Rita');
  });

  it('answers a read asked again as the whole chain did: the same headers and cookie rules, and the same metrics', async () => {
    const { seasonId, ladderId, matchId } = await seasonWithMatch(2);
    const match = `${courtside.url}${MATCHES_API}/matches/${matchId}`;
    const standings = `${courtside.url}${LADDER_API}/ladders/${ladderId}/standings`;
    const list = `${courtside.url}${MATCHES_API}/matches?PAGE=0&NOTCOMPLETED=TRUE&TAGS=${seasonId}`;
    /** What must be alike: every header but the date and the request's id, the cookie's token left out. */
    const comparable = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      const kept = [...response.headers]
        .filter(([name]) => name !== 'date' && name !== 'x-request-id')
        .map(([name, value]) => [name, name === 'set-cookie' ? value.replace(/=[^;]*/, '=…') : value]);
      return { status: response.status, headers: kept, body: await response.text() };
    };

    const shortPathAnswers = async () =>
      Number(
        /^courtside_short_path_answers_total (\d+)$/m.exec(
          await (await fetch(`${courtside.url}/metrics`)).text(),
        )?.[1],
      );
    const shortPathBefore = await shortPathAnswers();
    // The first read of an address runs the whole chain and keeps the answer; the next ones take the short path.
    const newcomer = [await comparable(match), await comparable(match)];
    const visitorCookie = (await fetch(match)).headers.getSetCookie()[0]!.split(';')[0]!;
    const visitor = [
      await comparable(list, { cookie: visitorCookie }),
      await comparable(list, { cookie: visitorCookie }),
    ];
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const table = [await comparable(standings, browser), await comparable(standings, browser)];
    const metrics = await (await fetch(`${courtside.url}/metrics`)).text();

    expect(newcomer[1]).toEqual(newcomer[0]);
    expect(newcomer[0]!.headers.map(([name]) => name)).toContain('set-cookie');
    expect(visitor[1]).toEqual(visitor[0]);
    expect(visitor[0]!.headers.map(([name]) => name)).not.toContain('set-cookie');
    expect(visitor[0]!.headers).toContainEqual(['x-frame-options', 'DENY']);
    expect(table[1]).toEqual(table[0]);
    // The second read of each address, and the one that took the visitor's cookie, took the short path.
    expect((await shortPathAnswers()) - shortPathBefore).toBe(4);
    const reads = new RegExp(
      `courtside_http_request_duration_seconds_count\\{method="GET",route="${MATCHES_API}/matches/:id",status="200"\\} (\\d+)`,
    ).exec(metrics);
    expect(Number(reads?.[1])).toBeGreaterThanOrEqual(3);
  });
});
