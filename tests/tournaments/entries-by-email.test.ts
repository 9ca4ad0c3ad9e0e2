import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_API,
  ADMIN_API,
  DEV_CLOCK_PATH,
  DEV_MAILBOX_PATH,
  TOURNAMENT_ADMIN_API,
  TOURNAMENT_API,
} from '@courtside/events/api-paths';
import { managerWithCompany, named, PASSWORD, signedInPerson, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Tournament {
  entrants?: number;
  status?: string;
  entries: Array<{ entryId: string; members: Array<{ playerId: string; name: string }> }>;
  draw?: { rounds: Array<{ round: number; matchIds: string[] }> };
  rounds?: Array<{ round: number; games: Array<{ sideA: string[]; sideB: string[] }> }>;
  leaderboard?: Array<{ playerId: string; name: string }>;
}
interface OwnRequest {
  entryId: string;
  partnerEmail: string | null;
  lapsesAt: string;
}
interface Issue {
  path: string[];
  message: string;
}

/** DESIGN.md §16 entries by email: a doubles partner agrees first (§9), a manager's `{email}` is an invitation. */
describe('tournament entries by email', () => {
  const courtside = courtsideForTests();
  const client = () => courtside.client();
  const person = (name: string) => signedInPerson(courtside.url, name);

  async function tournament(manager: HttpClient, companyId: string, change: object = {}) {
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`,
      {
        name: 'Autumn Cup',
        format: 'KNOCKOUT',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-12T10:00',
        entries: 'OPEN',
        maxEntrants: 4,
        ...change,
      },
    );
    expect(created.status).toBe(201);
    const { tournamentId } = created.body;
    return {
      tournamentId,
      entries: `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`,
      adminEntries: `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/entries`,
      draw: `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`,
      read: async () =>
        (await client().json<Tournament>('GET', `${TOURNAMENT_API}/tournaments/${tournamentId}`)).body,
    };
  }
  /** The invitation link mailed to an address (both languages in one mail): its token. */
  async function tokenOf(email: string): Promise<string> {
    const mailbox = await client().json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    const text = mailbox.body[0]?.text ?? '';
    expect(text).toContain('/webapps/account/nl/invitation/');
    const link = /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(text);
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return decodeURIComponent(link[1]!);
  }
  const link = (token: string, action = '') =>
    `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}${action}`;
  const accept = (http: HttpClient, token: string) =>
    http.json<{ tournamentId: string; entryId: string }>('POST', link(token, '/accept'));
  const fields = (body: unknown) =>
    ((body as { issues?: Issue[] }).issues ?? []).map((issue) => issue.path[0]);

  it('a partner named by email accepts by the link: then the side of both counts; 400s, 403 and 409s', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Link');
    const cup = await tournament(manager, company.id);
    const [ann, bo, cy] = await Promise.all([person('Ann Ace'), person('Bo Bandeja'), person('Cy Court')]);

    // Bad bodies: what is wrong, by field.
    const notAnAddress = await ann.http.json('POST', cup.entries, { partnerEmail: 'bo at club' });
    expect(notAnAddress.status).toBe(400);
    expect(fields(notAnAddress.body)).toEqual(['partnerEmail']);
    const oneself = await ann.http.json('POST', cup.entries, { partnerEmail: ann.account.email });
    expect(oneself).toMatchObject({ status: 400, body: { issues: [{ path: ['partnerEmail'] }] } });
    const singles = await tournament(manager, company.id, { sportsCategory: 'TENNISSINGLE' });
    const alone = await ann.http.json('POST', singles.entries, { partnerEmail: bo.account.email });
    expect(alone).toMatchObject({ status: 400, body: { issues: [{ path: ['partnerEmail'] }] } });

    // Any well-formed address answers alike: an account's and one without.
    const stranger = uniqueEmail('nobody');
    const toStranger = await cy.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: stranger,
    });
    expect(toStranger.status).toBe(201);
    const asked = await ann.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: bo.account.email.toUpperCase(),
    });
    expect(asked.status).toBe(201);
    expect(Object.keys(asked.body)).toEqual(Object.keys(toStranger.body));
    // Not an entrant, not a side, until the partner accepts; the registrant waits (ENTERED).
    expect(await cup.read()).toMatchObject({ entrants: 0, entries: [] });
    expect(await ann.http.json('POST', cup.entries, { partnerEmail: uniqueEmail() })).toMatchObject({
      status: 409,
      body: { reason: 'ENTERED' },
    });

    const token = await tokenOf(bo.account.email);
    expect(await client().json('GET', link(token))).toMatchObject({
      status: 200,
      body: {
        kind: 'tournament',
        companyName: 'Padel Club Link',
        tournamentName: 'Autumn Cup',
        tournamentId: cup.tournamentId,
        email: bo.account.email,
        accountExists: true,
        invitedBy: 'Ann Ace',
        from: 'partner',
      },
    });
    expect(await accept(cy.http, token)).toMatchObject({ status: 403, body: { reason: 'WRONG_ACCOUNT' } });
    const accepted = await accept(bo.http, token);
    expect(accepted).toMatchObject({
      status: 200,
      body: { tournamentId: cup.tournamentId, entryId: asked.body.entryId },
    });
    const after = await cup.read();
    expect(after.entrants).toBe(1);
    expect(after.entries).toEqual([
      {
        entryId: asked.body.entryId,
        members: [
          { playerId: ann.account.id, name: 'Ann Ace' },
          { playerId: bo.account.id, name: 'Bo Bandeja' },
        ],
      },
    ]);
    // Used once; entered, neither enters again.
    expect(await client().json('GET', link(token))).toMatchObject({ status: 410, body: { reason: 'USED' } });
    expect(await bo.http.json('POST', cup.entries, { partnerEmail: uniqueEmail() })).toMatchObject({
      status: 409,
      body: { reason: 'ENTERED' },
    });
    // Only managers enter players: CLOSED.
    const byClub = await tournament(manager, company.id, { entries: 'MANAGER' });
    expect(await ann.http.json('POST', byClub.entries, { partnerEmail: uniqueEmail() })).toMatchObject({
      status: 409,
      body: { reason: 'CLOSED' },
    });
    // The addresses stay beside the log: no event carries one.
    const events = await manager.json('GET', `${ADMIN_API}/companies/${company.id}/events`);
    expect(events.status).toBe(200);
    const log = JSON.stringify(events.body);
    expect(log).toContain('TournamentInvited');
    for (const email of [bo.account.email, stranger]) expect(log).not.toContain(email);
  });

  it('the partner declines (signed in or by the link alone), the registrant withdraws: the link then answers 410', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Answers');
    const cup = await tournament(manager, company.id);
    const [dee, eve] = await Promise.all([person('Dee Drop'), person('Eve Edge')]);

    const first = await dee.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: eve.account.email,
    });
    const firstToken = await tokenOf(eve.account.email);
    // The partner declines, signed in: nothing formed, recorded by the system.
    expect((await eve.http.json('DELETE', `${cup.entries}/${first.body.entryId}`)).status).toBe(204);
    expect(await client().json('GET', link(firstToken))).toMatchObject({
      status: 410,
      body: { reason: 'USED' },
    });

    // Asked again (the first request is over), then withdrawn by the registrant.
    const stranger = uniqueEmail('withdrawn');
    const second = await dee.http.json<{ entryId: string }>('POST', cup.entries, { partnerEmail: stranger });
    expect(second.status).toBe(201);
    const secondToken = await tokenOf(stranger);
    expect((await dee.http.json('DELETE', `${cup.entries}/${second.body.entryId}`)).status).toBe(204);
    expect(await client().json('GET', link(secondToken))).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });

    // Declined by the link alone (no account needed).
    const third = uniqueEmail('declines');
    expect((await dee.http.json('POST', cup.entries, { partnerEmail: third })).status).toBe(201);
    const thirdToken = await tokenOf(third);
    expect((await client().json('POST', link(thirdToken, '/decline'))).status).toBe(200);
    expect(await client().json('POST', link(thirdToken, '/decline'))).toMatchObject({
      status: 410,
      body: { reason: 'USED' },
    });
    expect(await cup.read()).toMatchObject({ entrants: 0, entries: [] });

    const events = await manager.json<{ items: Array<{ type: string; actor: { id: string } }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events`,
    );
    const closings = events.body.items.filter((event) => event.type === 'TournamentInvitationClosed');
    expect(closings.map((event) => event.actor.id).sort()).toEqual(
      [dee.account.id, 'system', 'system'].sort(),
    );
  });

  it('a manager’s {email} is an invitation: the link enters that person alone; 400 bodies, 409 FULL', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Tennis Club Invite');
    const singles = await tournament(manager, company.id, {
      sportsCategory: 'TENNISSINGLE',
      entries: 'MANAGER',
      name: 'Club Championship',
    });
    for (const body of [{}, { email: 'not an address' }, { email: uniqueEmail(), accountId: company.id }]) {
      const bad = await manager.json('POST', singles.adminEntries, body);
      expect(bad.status).toBe(400);
      expect(fields(bad.body).length).toBeGreaterThan(0);
    }
    const doubles = await tournament(manager, company.id);
    expect(await manager.json('POST', doubles.adminEntries, { email: uniqueEmail() })).toMatchObject({
      status: 400,
      body: { issues: [{ path: ['email'] }] },
    });

    const invitee = uniqueEmail('invitee');
    const invited = await manager.json<{ entryId: string; invitationId: string }>(
      'POST',
      singles.adminEntries,
      {
        email: invitee,
      },
    );
    expect(invited.status).toBe(201);
    expect((await singles.read()).entries).toEqual([]);
    const token = await tokenOf(invitee);
    expect(await client().json('GET', link(token))).toMatchObject({
      status: 200,
      body: { kind: 'tournament', tournamentName: 'Club Championship', accountExists: false, from: 'club' },
    });
    // Signed up from the link: verified at once; a name and phone, then accepted.
    const http = client();
    const created = await http.json<{ id: string }>('POST', `${ACCOUNT_API}/account`, {
      email: invitee,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(created).toMatchObject({ status: 201, body: { verified: true } });
    await http.json('POST', `${ACCOUNT_API}/account/login`, { email: invitee, password: PASSWORD });
    await named(http, 'Ivy Invited');
    expect(await accept(http, token)).toMatchObject({
      status: 200,
      body: { tournamentId: singles.tournamentId, entryId: invited.body.entryId },
    });
    expect((await singles.read()).entries).toEqual([
      { entryId: invited.body.entryId, members: [{ playerId: created.body.id, name: 'Ivy Invited' }] },
    ]);

    // FULL: a club night of four.
    const night = await tournament(manager, company.id, { format: 'AMERICANO', name: 'Friday night' });
    const four = await Promise.all(['Gus', 'Hal', 'Ida', 'Jo'].map((name) => person(`${name} Player`)));
    for (const player of four) expect((await player.http.json('POST', night.entries, {})).status).toBe(201);
    expect(await manager.json('POST', night.adminEntries, { email: uniqueEmail() })).toMatchObject({
      status: 409,
      body: { reason: 'FULL' },
    });
  });

  it('the registrant reads their own waiting request (whom, until when), nobody else does; withdrawn or answered, it is gone', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Pending');
    const cup = await tournament(manager, company.id);
    const [lea, max, ned] = await Promise.all([person('Lea Lob'), person('Max Match'), person('Ned Net')]);
    const requests = `${TOURNAMENT_API}/tournaments/${cup.tournamentId}/partner-requests`;
    const own = (http: HttpClient, path = requests) => http.json<OwnRequest[]>('GET', path);

    expect(await own(lea.http)).toEqual({ status: 200, body: [] });
    const partner = uniqueEmail('asked');
    const leaAsks = await lea.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: partner.toUpperCase(),
    });
    expect(leaAsks.status).toBe(201);
    // Ned asks Max, who has an account: a request sent to Max is not Max's to list.
    const nedAsks = await ned.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: max.account.email,
    });
    expect(nedAsks.status).toBe(201);

    const leas = await own(lea.http);
    const { lapsesAt } = (await client().json<{ lapsesAt: string }>('GET', link(await tokenOf(partner))))
      .body;
    expect(leas).toEqual({
      status: 200,
      body: [{ entryId: leaAsks.body.entryId, partnerEmail: partner, lapsesAt }],
    });
    expect((await own(ned.http)).body).toEqual([
      { entryId: nedAsks.body.entryId, partnerEmail: max.account.email, lapsesAt: expect.any(String) },
    ]);
    expect(await own(max.http)).toEqual({ status: 200, body: [] });
    // Personal: never kept by a cache; signed out 401; what is wrong with the address, 400 and 404.
    const answer = await lea.http.request('GET', requests);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect((await own(client())).status).toBe(401);
    expect(await own(lea.http, `${TOURNAMENT_API}/tournaments/not-an-id/partner-requests`)).toMatchObject({
      status: 400,
      body: { issues: [{ path: ['tournamentId'] }] },
    });
    const unknown = `${TOURNAMENT_API}/tournaments/${company.id}/partner-requests`;
    expect((await own(lea.http, unknown)).status).toBe(404);

    // Withdrawn by its registrant, answered by its partner: gone from the list.
    expect((await lea.http.json('DELETE', `${cup.entries}/${leaAsks.body.entryId}`)).status).toBe(204);
    expect(await own(lea.http)).toEqual({ status: 200, body: [] });
    expect((await accept(max.http, await tokenOf(max.account.email))).status).toBe(200);
    expect(await own(ned.http)).toEqual({ status: 200, body: [] });
  });

  it('an erasure closes the tournament requests and invitations of the person: sent ones withdrawn, received ones declined, ids only', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Erasure');
    const cup = await tournament(manager, company.id);
    const singles = await tournament(manager, company.id, {
      sportsCategory: 'TENNISSINGLE',
      name: 'Singles',
    });
    const ERASEE = 'Erin Erasee';
    const [erin, pia, rob] = await Promise.all([
      person(ERASEE),
      person('Pia Partner'),
      person('Rob Registrant'),
    ]);

    // Erin asks Pia; Rob asks Erin; the manager invites Erin to the singles.
    const erinAsks = await erin.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: pia.account.email,
    });
    expect(erinAsks.status).toBe(201);
    const robAsks = await rob.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: erin.account.email,
    });
    expect(robAsks.status).toBe(201);
    const invited = await manager.json<{ invitationId: string }>('POST', singles.adminEntries, {
      email: erin.account.email,
    });
    expect(invited.status).toBe(201);
    const piaToken = await tokenOf(pia.account.email);

    const erased = await erin.http.request('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD });
    expect(erased.status).toBe(204);

    // Erin's request cannot be taken up: Pia's link is revoked, no side forms with an erased account (the withdrawal
    // may be projected after the answer on a loaded machine).
    await expect
      .poll(async () => await client().json('GET', link(piaToken)))
      .toMatchObject({ status: 410, body: { reason: 'REVOKED' } });
    expect(await accept(pia.http, piaToken)).toMatchObject({ status: 410, body: { reason: 'REVOKED' } });
    // Rob's request to her is declined: it is no longer his entry, so he may ask someone else.
    expect(
      await rob.http.json('GET', `${TOURNAMENT_API}/tournaments/${cup.tournamentId}/partner-requests`),
    ).toEqual({ status: 200, body: [] });
    expect((await rob.http.json('POST', cup.entries, { partnerEmail: uniqueEmail('next') })).status).toBe(
      201,
    );
    expect((await cup.read()).entries).toEqual([]);
    expect((await singles.read()).entries).toEqual([]);

    // Through the commands, ids only: withdrawn by Erin, the two declined by the system (nobody learns who was
    // asked); the log names neither her name nor her address.
    const events = await manager.json<{
      items: Array<{
        type: string;
        actor: { id: string };
        payload: { invitationId?: string; outcome?: string };
      }>;
    }>('GET', `${ADMIN_API}/companies/${company.id}/events`);
    const closings = events.body.items
      .filter((event) => event.type === 'TournamentInvitationClosed')
      .map((event) => `${event.actor.id} ${event.payload.outcome}`);
    expect(closings.sort()).toEqual(
      [`${erin.account.id} withdrawn`, 'system declined', 'system declined'].sort(),
    );
    expect(
      events.body.items.find(
        (event) =>
          event.type === 'TournamentInvitationClosed' &&
          event.payload.invitationId === invited.body.invitationId,
      )?.payload.outcome,
    ).toBe('declined');
    const log = await (
      await manager.request('GET', `${ADMIN_API}/companies/${company.id}/events.ndjson`)
    ).text();
    expect(log).toContain('TournamentInvitationClosed');
    expect(log).not.toContain(erin.account.email);
    expect(log).not.toContain(ERASEE);
    expect(
      (await manager.json<{ ok: boolean }>('GET', `${ADMIN_API}/companies/${company.id}/verify`)).body.ok,
    ).toBe(true);
  });

  /** The company's events of `type`, as its history lists them (who asked, the payload). */
  async function eventsOf(manager: HttpClient, companyId: string, type: string) {
    const events = await manager.json<{
      items: Array<{ type: string; actor: { id: string }; payload: Record<string, unknown> }>;
    }>('GET', `${ADMIN_API}/companies/${companyId}/events`);
    return events.body.items.filter((event) => event.type === type);
  }
  const nightBody = { format: 'AMERICANO', name: 'Friday padel night', maxEntrants: 8 };

  it('an erasure withdraws the person’s entries of tournaments not drawn yet: a doubles side as a whole, a club night’s player; ids only', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Leaving');
    const cup = await tournament(manager, company.id);
    const night = await tournament(manager, company.id, nightBody);
    const ERASEE = 'Erin Erasee';
    const [erin, pia, rob] = await Promise.all([
      person(ERASEE),
      person('Pia Partner'),
      person('Rob Remains'),
    ]);

    // Erin and Pia are a side of the knockout; Erin and Rob play the club night.
    const side = await erin.http.json<{ entryId: string }>('POST', cup.entries, {
      partnerEmail: pia.account.email,
    });
    expect(side.status).toBe(201);
    expect((await accept(pia.http, await tokenOf(pia.account.email))).status).toBe(200);
    const erinPlays = await erin.http.json<{ entryId: string }>('POST', night.entries, {});
    expect([erinPlays.status, (await rob.http.json('POST', night.entries, {})).status]).toEqual([201, 201]);
    expect((await cup.read()).entries.map((entry) => entry.entryId)).toEqual([side.body.entryId]);
    expect((await night.read()).entries).toHaveLength(2);

    const erased = await erin.http.request('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD });
    expect(erased.status).toBe(204);

    // The side is gone as a whole: Pia is free to enter again with another partner. Rob stays in the club night.
    await expect.poll(async () => (await cup.read()).entries).toEqual([]);
    await expect.poll(async () => (await night.read()).entries).toHaveLength(1);
    expect((await night.read()).entries.map((entry) => entry.members)).toEqual([
      [{ playerId: rob.account.id, name: 'Rob Remains' }],
    ]);
    expect((await pia.http.json('POST', cup.entries, { partnerEmail: uniqueEmail('next') })).status).toBe(
      201,
    );

    // Through the withdraw-entry command, as Erin's own withdrawal: ids only, the chain still verifies.
    const withdrawals = await eventsOf(manager, company.id, 'TournamentEntryWithdrawn');
    expect(withdrawals.map((event) => ({ actorId: event.actor.id, ...event.payload }))).toEqual(
      expect.arrayContaining([
        { actorId: erin.account.id, tournamentId: cup.tournamentId, entryId: side.body.entryId },
        { actorId: erin.account.id, tournamentId: night.tournamentId, entryId: erinPlays.body.entryId },
      ]),
    );
    expect(withdrawals).toHaveLength(2);
    const log = await (
      await manager.request('GET', `${ADMIN_API}/companies/${company.id}/events.ndjson`)
    ).text();
    expect(log).not.toContain(erin.account.email);
    expect(log).not.toContain(ERASEE);
    expect(
      (await manager.json<{ ok: boolean }>('GET', `${ADMIN_API}/companies/${company.id}/verify`)).body.ok,
    ).toBe(true);
  });

  it('after the draw an erasure withdraws nothing: the entry stays in the bracket and the rounds as "Former player"', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager, 'Padel Club Drawn');
    const knockout = await tournament(manager, company.id, {
      sportsCategory: 'TENNISSINGLE',
      name: 'Singles',
    });
    const night = await tournament(manager, company.id, nightBody);
    const [erin, ...others] = await Promise.all(
      ['Erin Erasee', 'Bo Bandeja', 'Cy Court', 'Di Drop'].map((name) => person(name)),
    );
    for (const player of [erin!, others[0]!])
      expect((await player.http.json('POST', knockout.entries, {})).status).toBe(201);
    for (const player of [erin!, ...others])
      expect((await player.http.json('POST', night.entries, {})).status).toBe(201);
    const drawn = (path: string) => manager.json<Tournament>('POST', path, { seeding: 'ENTRY' });
    const knockoutDrawn = await drawn(knockout.draw);
    const nightDrawn = await drawn(night.draw);
    expect([knockoutDrawn.status, nightDrawn.status]).toEqual([201, 201]);

    const erased = await erin!.http.request('DELETE', `${ACCOUNT_API}/account`, {
      currentPassword: PASSWORD,
    });
    expect(erased.status).toBe(204);

    const former = { playerId: erin!.account.id, name: 'Former player' };
    const knockoutAfter = await knockout.read();
    expect(knockoutAfter.status).toBe('running');
    expect(knockoutAfter.entries.map((entry) => entry.entryId)).toEqual(
      knockoutDrawn.body.entries.map((entry) => entry.entryId),
    );
    expect(knockoutAfter.entries[0]!.members).toEqual([former]);
    expect(knockoutAfter.draw).toEqual(knockoutDrawn.body.draw);
    const nightAfter = await night.read();
    expect(nightAfter.entries).toHaveLength(4);
    expect(nightAfter.entries[0]!.members).toEqual([former]);
    expect(nightAfter.rounds).toEqual(nightDrawn.body.rounds);
    expect(nightAfter.leaderboard?.filter((row) => row.playerId === erin!.account.id)).toEqual([
      expect.objectContaining(former),
    ]);
    expect(await eventsOf(manager, company.id, 'TournamentEntryWithdrawn')).toEqual([]);
  });

  // Last in the file: the clock moves on for this Courtside.
  it('an unanswered invitation lapses after 14 days, by the system', async () => {
    const manager = client();
    const { company, account } = await managerWithCompany(manager, 'Padel Club Lapse');
    const cup = await tournament(manager, company.id);
    const kim = await person('Kim Kick');
    const partner = uniqueEmail('silent');
    expect((await kim.http.json('POST', cup.entries, { partnerEmail: partner })).status).toBe(201);
    const token = await tokenOf(partner);
    const kims = () =>
      kim.http.json<OwnRequest[]>(
        'GET',
        `${TOURNAMENT_API}/tournaments/${cup.tournamentId}/partner-requests`,
      );
    expect((await kims()).body).toHaveLength(1);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 13 * DAY_MS });
    expect((await client().json('GET', link(token))).status).toBe(200);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 1.01 * DAY_MS });
    expect(await client().json('GET', link(token))).toMatchObject({
      status: 410,
      body: { reason: 'EXPIRED' },
    });
    // Days later the access has run out: sign in again, as a person would.
    await manager.json('POST', `${ACCOUNT_API}/account/login`, { email: account.email, password: PASSWORD });
    await kim.http.json('POST', `${ACCOUNT_API}/account/login`, {
      email: kim.account.email,
      password: PASSWORD,
    });
    // Lapsed: no longer the registrant's to show.
    expect(await kims()).toEqual({ status: 200, body: [] });
    const events = await manager.json<{ items: Array<{ type: string; actor: { id: string } }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events`,
    );
    expect(events.body.items.find((event) => event.type === 'TournamentInvitationClosed')?.actor.id).toBe(
      'system',
    );
  });
});
