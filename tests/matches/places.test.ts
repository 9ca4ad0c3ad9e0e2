import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideWithReadModels } from '../support/loader-specs.ts';
import { parseFeed } from '../calendar/parse-feed.ts';

interface Match {
  id: string;
  status: string;
  date: string | null;
  location?: string;
}
const noScore = { matchSets: [], special: 'none' };
const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/** DESIGN.md §9 "Results, places": Accept all, the season's results, and where a match is played. */
describe('results and places', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  async function seasonWithMatch(location?: string) {
    const setup = await seasonWithTeams(courtside.url!, 3, { ladderName: 'Riverside Ladder' });
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      {
        defenderId: setup.teams[0]!.teamId,
        challengerId: setup.teams[1]!.teamId,
        ...(location === undefined ? {} : { location }),
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const matchId = created.body.matchId;
    return { ...setup, matchId, url: `${MATCHES_API}/matches/${matchId}` };
  }

  /** A save of the match as it is (no score, no date change), with the location field as given. */
  const saveLocation = (http: HttpClient, id: string, location: unknown, date?: string) =>
    http.json<Match & { error?: string; issues?: Array<{ path: string[]; message: string }> }>(
      'PUT',
      `${MATCHES_API}/matches`,
      { id, defender: noScore, challenger: noScore, ...(date ? { date } : {}), location },
    );

  const companyLog = async (companyId: string) => {
    const { rows } = await db.query<{ envelope: { type: string; payload: Record<string, unknown> } }>(
      'SELECT envelope FROM company_events WHERE company_id = $1 ORDER BY seq',
      [companyId],
    );
    return rows.map((row) => row.envelope);
  };
  const locationRows = async (matchId: string) =>
    (
      await db.query<{ location: string; set_by: string }>(
        'SELECT location, set_by FROM courtside.match_locations WHERE match_id = $1 ORDER BY set_at',
        [matchId],
      )
    ).rows;

  it('sets a location when the match is created and lets a player change and clear it; the text never enters the log', async () => {
    const { url, matchId, teams, company, manager } = await seasonWithMatch('  Court 1  ');
    expect((await manager.json<Match>('GET', url)).body.location).toBe('Court 1');

    const changed = await saveLocation(teams[1]!.http, matchId, 'Centre court, Riverside Club');
    expect(changed.status).toBe(200);
    expect(changed.body.location).toBe('Centre court, Riverside Club');
    // Everyone sees it, signed in or not.
    expect((await new HttpClient(courtside.url!).json<Match>('GET', url)).body.location).toBe(
      'Centre court, Riverside Club',
    );

    // Left out: it stays. The same text again: nothing new is written.
    const untouched = await teams[0]!.http.json<Match>('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      defender: noScore,
      challenger: noScore,
    });
    expect(untouched.body.location).toBe('Centre court, Riverside Club');
    await saveLocation(teams[0]!.http, matchId, 'Centre court, Riverside Club');
    const rows = await locationRows(matchId);
    expect(rows.map((row) => row.location)).toEqual(['Court 1', 'Centre court, Riverside Club']);
    expect(rows[1]!.set_by).toBe(teams[1]!.account.id);

    const log = await companyLog(company.id);
    const located = log.filter((event) => event.type === 'MatchLocationSet');
    expect(located).toHaveLength(2);
    expect(Object.keys(located[0]!.payload).sort()).toEqual([
      'ladderId',
      'locationId',
      'matchId',
      'seasonId',
    ]);
    const logText = JSON.stringify(log);
    expect(logText).not.toContain('Court 1');
    expect(logText).not.toContain('Riverside Club');

    // Blank clears it.
    const cleared = await saveLocation(manager, matchId, '   ');
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('location');
    expect(
      (await companyLog(company.id)).filter((event) => event.type === 'MatchLocationSet').at(-1)!.payload,
    ).toMatchObject({ locationId: null });
  });

  it('refuses a location that is too long or not one line with 400, on create and on save; nothing changes', async () => {
    const { url, matchId, teams, manager, seasonId } = await seasonWithMatch('Court 1');
    for (const bad of [
      'x'.repeat(101),
      'Court 1\nCourt 2',
      'Court\t1',
      'Court\u00071',
      'Court\u20282',
      // DESIGN.md §19 "Text": a text direction override, and zero-width characters only.
      'Court \u202E1',
      '\u200B\u200B',
      42,
    ]) {
      const saved = await saveLocation(teams[0]!.http, matchId, bad);
      expect(saved.status, JSON.stringify(bad)).toBe(400);
      expect(saved.body.issues?.[0]?.path.at(-1), JSON.stringify(bad)).toBe('location');
      const created = await manager.json<{ issues?: Array<{ path: string }> }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        { defenderId: teams[0]!.teamId, challengerId: teams[2]!.teamId, location: bad },
      );
      expect(created.status, JSON.stringify(bad)).toBe(400);
    }
    // 100 characters are fine.
    expect((await saveLocation(teams[0]!.http, matchId, 'y'.repeat(100))).body.location).toBe(
      'y'.repeat(100),
    );
    const planned = await manager.json<Match[]>(
      'GET',
      `${MATCHES_API}/matches?TAGS=${seasonId}&NOTCOMPLETED=TRUE`,
    );
    expect(planned.body).toHaveLength(1);
    expect((await manager.json<Match>('GET', url)).body.location).toBe('y'.repeat(100));
  });

  it('lets only who may edit the match set its location: a stranger gets 403 and no text is kept', async () => {
    const { matchId, url } = await seasonWithMatch();
    const stranger = new HttpClient(courtside.url!);
    await signedInAccount(stranger);
    const refused = await saveLocation(stranger, matchId, 'My garden');
    expect(refused.status).toBe(403);
    expect(await locationRows(matchId)).toEqual([]);
    expect((await stranger.json<Match>('GET', url)).body).not.toHaveProperty('location');
    expect((await saveLocation(new HttpClient(courtside.url!), matchId, 'Court 9')).status).toBe(401);
  });

  it('writes the location to the calendar feed’s LOCATION (else the ladder’s name), as a new version of the event', async () => {
    const { matchId, teams, ladderId } = await seasonWithMatch();
    expect((await saveLocation(teams[0]!.http, matchId, null, `${day(10)}T19:30`)).status).toBe(200);
    const feed = async () => {
      const response = await fetch(`${courtside.url}${LADDER_API}/ladders/${ladderId}/calendar.ics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const event = parseFeed(text).events.find((found) => found.uid === matchId)!;
      return { event, location: /^LOCATION:(.*)$/m.exec(text.replaceAll('\r\n ', ''))?.[1] };
    };
    const before = await feed();
    expect(before.location).toBe('Riverside Ladder');
    expect((await saveLocation(teams[1]!.http, matchId, 'Court 3; Riverside')).status).toBe(200);
    const after = await feed();
    expect(after.location).toBe('Court 3\\; Riverside');
    expect(after.event.sequence).toBe(before.event.sequence + 1);
  });

  it('lists the season’s results, newest first, a cancelled match among them', async () => {
    const { matchId, teams, manager, seasonId } = await seasonWithMatch();
    const second = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      { defenderId: teams[1]!.teamId, challengerId: teams[2]!.teamId },
    );
    await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      defender: sets(6, 6),
      challenger: sets(2, 3),
      date: `${day(-4)}T10:00`,
    });
    await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: second.body.matchId,
      defender: noScore,
      challenger: noScore,
      date: `${day(-3)}T10:00`,
    });
    expect(
      (await manager.json('DELETE', `${MATCHES_API}/matches/${second.body.matchId}/cancel`)).status,
    ).toBe(200);
    const results = await manager.json<Array<{ match: Match }>>(
      'GET',
      `${MATCHES_API}/matches?TAGS=${seasonId}&COMPLETED=TRUE`,
    );
    expect(results.body.map((item) => [item.match.id, item.match.status])).toEqual([
      [second.body.matchId, 'cancelled'],
      [matchId, 'completed'],
    ]);
  });

  it('lists results strictly newest first, ties by the later entry', async () => {
    const { matchId, teams, manager, seasonId } = await seasonWithMatch();
    const create = async () =>
      (
        await manager.json<{ matchId: string }>('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
          defenderId: teams[1]!.teamId,
          challengerId: teams[2]!.teamId,
        })
      ).body.matchId;
    const enter = (id: string, date: string) =>
      manager.json<Match>('PUT', `${MATCHES_API}/matches`, {
        id,
        defender: sets(6, 6),
        challenger: sets(2, 3),
        date,
      });
    // A result dated next week, the newest of all.
    const later = await enter(matchId, `${day(7)}T10:00`);
    expect(later.status).toBe(200);
    expect(later.body.date).toBe(`${day(7)}T10:00`);
    // Four results of the same day and hour, entered one after the other: the last entered first.
    const same = [];
    for (let index = 0; index < 4; index++) {
      const id = await create();
      expect((await enter(id, `${day(-2)}T10:00`)).status).toBe(200);
      same.push(id);
    }
    const results = await manager.json<Array<{ match: Match }>>(
      'GET',
      `${MATCHES_API}/matches?TAGS=${seasonId}&COMPLETED=TRUE`,
    );
    expect(results.body.map((item) => item.match.id)).toEqual([matchId, ...same.reverse()]);
  });

  describe('Accept all', () => {
    async function seasonWithWaiting(count: number) {
      const setup = await managerWithSeason(courtside.url!);
      const waiting = [];
      for (let index = 0; index < count; index++) {
        const http = new HttpClient(courtside.url!);
        await signedInAccount(http);
        const registered = await http.json<{ teamId: string }>(
          'POST',
          `${LADDER_API}/seasons/${setup.seasonId}/teams`,
          {},
        );
        expect(registered.status).toBe(201);
        waiting.push(registered.body.teamId);
      }
      const path = `${ADMIN_API}/seasons/${setup.seasonId}/teams`;
      const lists = async () => ({
        waiting: (await setup.manager.json<Array<{ teamId: string }>>('GET', `${path}/waitingforapproval`))
          .body,
        active: (await setup.manager.json<Array<{ teamId: string; position: number }>>('GET', path)).body,
      });
      return { ...setup, waiting, path, lists };
    }

    it('accepts every waiting team in one go, at the bottom in the order given', async () => {
      const { manager, waiting, path, lists } = await seasonWithWaiting(3);
      const answer = await manager.json<{ accepted: string[] }>('POST', `${path}/accept-all`, {
        teamIds: waiting,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.accepted).toEqual(waiting);
      const after = await lists();
      expect(after.waiting).toEqual([]);
      expect(after.active.map((team) => [team.teamId, team.position])).toEqual(
        waiting.map((id, i) => [id, i + 1]),
      );
    });

    it('accepts none when one of them is no longer waiting (409 NOT_WAITING)', async () => {
      const { manager, waiting, path, lists } = await seasonWithWaiting(3);
      expect((await manager.json('POST', `${path}/accept`, { teamId: waiting[1] })).status).toBe(200);
      const refused = await manager.json<{ reason: string }>('POST', `${path}/accept-all`, {
        teamIds: waiting,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.reason).toBe('NOT_WAITING');
      const after = await lists();
      expect(after.waiting.map((team) => team.teamId)).toEqual([waiting[0], waiting[2]]);
      expect(after.active.map((team) => team.teamId)).toEqual([waiting[1]]);
    });

    it('refuses an empty or malformed list with 400 and anyone but a manager with 404', async () => {
      const { manager, waiting, path, lists } = await seasonWithWaiting(1);
      expect((await manager.json('POST', `${path}/accept-all`, { teamIds: [] })).status).toBe(400);
      expect((await manager.json('POST', `${path}/accept-all`, { teamIds: ['nope'] })).status).toBe(400);
      expect((await manager.json('POST', `${path}/accept-all`, {})).status).toBe(400);
      const player = new HttpClient(courtside.url!);
      await signedInAccount(player);
      expect((await player.json('POST', `${path}/accept-all`, { teamIds: waiting })).status).toBe(404);
      expect((await lists()).waiting).toHaveLength(1);
    });
  });
});
