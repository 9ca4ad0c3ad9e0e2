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
  entries: Array<{ entryId: string; members: Array<{ playerId: string; name: string }> }>;
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

  // Last in the file: the clock moves on for this Courtside.
  it('an unanswered invitation lapses after 14 days, by the system', async () => {
    const manager = client();
    const { company, account } = await managerWithCompany(manager, 'Padel Club Lapse');
    const cup = await tournament(manager, company.id);
    const kim = await person('Kim Kick');
    const partner = uniqueEmail('silent');
    expect((await kim.http.json('POST', cup.entries, { partnerEmail: partner })).status).toBe(201);
    const token = await tokenOf(partner);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 13 * DAY_MS });
    expect((await client().json('GET', link(token))).status).toBe(200);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 1.01 * DAY_MS });
    expect(await client().json('GET', link(token))).toMatchObject({
      status: 410,
      body: { reason: 'EXPIRED' },
    });
    // Days later the access has run out: sign in again, as a person would.
    await manager.json('POST', `${ACCOUNT_API}/account/login`, { email: account.email, password: PASSWORD });
    const events = await manager.json<{ items: Array<{ type: string; actor: { id: string } }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events`,
    );
    expect(events.body.items.find((event) => event.type === 'TournamentInvitationClosed')?.actor.id).toBe(
      'system',
    );
  });
});
