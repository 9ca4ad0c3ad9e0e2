import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_API,
  ADMIN_API,
  DEV_CLOCK_PATH,
  DEV_MAILBOX_PATH,
  LADDER_API,
  READY_PATH,
} from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, managerWithSeason } from '../support/ladder-setup.ts';
import { eventually } from '../support/wait.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface MyTeam {
  teamId: string;
  status: string;
  partnerRequest?: { awaitingAnswerOf: string; invitedBy: string | null; lapsesAt: string };
}

/** DESIGN.md §9 "Partners agree first": naming a partner asks them; nothing shows until they agree. */
describe('partners agree first', () => {
  const courtside = courtsideForTests({ runNotifier: true });
  const client = () => courtside.client();

  /** A player with a name and phone of their own, signed in. */
  async function person(fullName: string, number: string) {
    const http = client();
    const account = await signedInAccount(http);
    const minimal = await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName,
      phoneNumber: { countryCode: '31', number },
    });
    expect(minimal.status).toBe(200);
    return { http, ...account };
  }

  const register = (http: HttpClient, seasonId: string, partnerEmail: string) =>
    http.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, { partnerEmail });
  const mine = async (http: HttpClient) =>
    (await http.json<MyTeam[]>('GET', `${LADDER_API}/teams/mine`)).body;
  /** The invitation link mailed to an address: its token. */
  async function invitationToken(email: string): Promise<string> {
    const mailbox = await client().json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    const link = /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(mailbox.body[0]?.text ?? '');
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return decodeURIComponent(link[1]!);
  }

  /** Everything the attacker's club may read as its manager, as one text to search for the victim. */
  async function whatTheManagerSees(
    manager: HttpClient,
    companyId: string,
    seasonId: string,
    ladderId: string,
  ) {
    const admin = `${ADMIN_API}/seasons/${seasonId}`;
    // The notifier has decided on every event so far: what it would tell the managers is there.
    await eventually(
      async () =>
        (await client().json<{ checks: { notifier?: { lag?: number } } }>('GET', READY_PATH)).body.checks
          .notifier?.lag === 0,
      { message: 'the notifier at the head of the log' },
    );
    const reads = await Promise.all([
      manager.json('GET', `${admin}/teams/waitingforapproval`),
      manager.json('GET', `${admin}/teams`),
      manager.json('GET', `${admin}/teams/left`),
      manager.json('GET', `${LADDER_API}/ladders/${ladderId}/standings`),
      manager.json('GET', `${ADMIN_API}/companies/${companyId}/events`),
      manager.json('GET', `${admin}/history`),
      manager.json('GET', `${ACCOUNT_API}/notifications`),
    ]);
    for (const read of reads) expect(read.status).toBe(200);
    const ndjson = await manager.request('GET', `${ADMIN_API}/companies/${companyId}/events.ndjson`);
    return JSON.stringify(reads.map((read) => read.body)) + (await ndjson.text());
  }

  it('gives a stranger who names someone as partner no trace of them, the same answer for any address, and lets the named one decline', async () => {
    // The attacker: a fresh account with its own club, a padel ladder and a season.
    const {
      manager: attacker,
      company,
      seasonId,
      ladderId,
    } = await managerWithSeason(courtside.url, {
      sportsCategory: 'PADEL',
    });
    const victim = await person('Vera Victim', '0612345601');
    const accomplice = await person('Ann Accomplice', '0612345602');

    const named = await register(attacker, seasonId, victim.email);
    const nobody = await register(accomplice.http, seasonId, uniqueEmail('nobody'));

    // Same answer whether or not the address has an account.
    expect(named.status).toBe(201);
    expect(nobody.status).toBe(201);
    expect(Object.keys(named.body)).toEqual(['teamId']);
    expect(Object.keys(nobody.body)).toEqual(['teamId']);

    // The manager of the attacker's club sees nothing of the victim: not in any list, the standings or the log.
    const seen = await whatTheManagerSees(attacker, company.id, seasonId, ladderId);
    for (const trace of [victim.id, victim.email, 'Vera Victim', '612345601'])
      expect(seen).not.toContain(trace);
    const waiting = await attacker.json<unknown[]>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`,
    );
    expect(waiting.body).toEqual([]);
    // No team to accept, so no match and no contacts.
    const accept = await attacker.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
      teamId: named.body.teamId,
    });
    expect(accept.status).toBe(404);

    // The victim sees who asks, and declines; nothing of it names them to the club.
    expect(await mine(victim.http)).toEqual([
      expect.objectContaining({
        teamId: named.body.teamId,
        status: 'awaiting-partner',
        partnerRequest: expect.objectContaining({ awaitingAnswerOf: 'you', invitedBy: 'Sam Server' }),
      }),
    ]);
    expect(await mine(attacker)).toEqual([
      expect.objectContaining({
        teamId: named.body.teamId,
        status: 'awaiting-partner',
        partnerRequest: expect.objectContaining({ awaitingAnswerOf: 'partner', invitedBy: null }),
      }),
    ]);
    // Only the addressee may answer.
    const byAccomplice = await accomplice.http.json(
      'POST',
      `${LADDER_API}/teams/${named.body.teamId}/partner`,
      {
        accept: true,
      },
    );
    expect(byAccomplice.status).toBe(404);
    const declined = await victim.http.json('POST', `${LADDER_API}/teams/${named.body.teamId}/partner`, {
      accept: false,
    });
    expect(declined.status).toBe(200);
    expect(await mine(victim.http)).toEqual([]);
    expect(await mine(attacker)).toEqual([]);
    const after = await whatTheManagerSees(attacker, company.id, seasonId, ladderId);
    for (const trace of [victim.id, victim.email, 'Vera Victim', '612345601'])
      expect(after).not.toContain(trace);
    expect(after).toContain('PartnerRequestDeclined');
  });

  it('puts an accepted team in the waiting list, and lets the partner leave it again, waiting or active', async () => {
    const { manager, seasonId, ladderId } = await managerWithSeason(courtside.url, {
      sportsCategory: 'PADEL',
    });
    const ann = await person('Ann Asker', '0612345603');
    const bo = await person('Bo Partner', '0612345604');
    const admin = `${ADMIN_API}/seasons/${seasonId}`;

    const { body } = await register(ann.http, seasonId, bo.email);
    const kinds = async () =>
      (await manager.json<Array<{ kind: string }>>('GET', `${ACCOUNT_API}/notifications`)).body.map(
        (notification) => notification.kind,
      );
    const accepted = await bo.http.json('POST', `${LADDER_API}/teams/${body.teamId}/partner`, {
      accept: true,
    });
    expect(accepted.status).toBe(200);
    // Told once the partner agreed, and of nothing before (the request came earlier in the log).
    await eventually(async () => (await kinds()).includes('team.waiting'), {
      message: 'the managers told of the team once the partner accepted',
    });
    expect(await kinds()).toEqual(['team.waiting']);
    const waiting = await manager.json<Array<{ teamId: string; members: Array<{ fullName: string }> }>>(
      'GET',
      `${admin}/teams/waitingforapproval`,
    );
    expect(waiting.body.map((team) => [team.teamId, team.members.map((member) => member.fullName)])).toEqual([
      [body.teamId, ['Ann Asker', 'Bo Partner']],
    ]);
    expect((await mine(bo.http)).map((team) => team.status)).toEqual(['waiting']);
    const again = await bo.http.json('POST', `${LADDER_API}/teams/${body.teamId}/partner`, { accept: true });
    expect(again).toMatchObject({ status: 409, body: { reason: 'USED' } });

    // Waiting, a member leaves: the team is gone from the waiting list.
    const left = await bo.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${body.teamId}`);
    expect(left.status).toBe(200);
    expect((await manager.json('GET', `${admin}/teams/waitingforapproval`)).body).toEqual([]);

    // Active, a member leaves as by a manager's remove: leave date today, positions close up.
    const carl = await person('Carl Third', '0612345605');
    const dee = await person('Dee Fourth', '0612345606');
    const eve = await person('Eve Fifth', '0612345607');
    const fay = await person('Fay Sixth', '0612345608');
    const first = (await register(carl.http, seasonId, dee.email)).body.teamId;
    const second = (await register(eve.http, seasonId, fay.email)).body.teamId;
    for (const [partner, teamId] of [
      [dee, first],
      [fay, second],
    ] as const) {
      await partner.http.json('POST', `${LADDER_API}/teams/${teamId}/partner`, { accept: true });
      await manager.json('POST', `${admin}/teams/accept`, { teamId });
    }
    const leaves = await dee.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${first}`);
    expect(leaves.status).toBe(200);
    const standings = await client().json<{ teams: Array<{ teamId: string; position: number }> }>(
      'GET',
      `${LADDER_API}/ladders/${ladderId}/standings`,
    );
    expect(standings.body.teams.map((team) => [team.teamId, team.position])).toEqual([[second, 1]]);
    const leftList = await manager.json<Array<{ teamId: string; leaveDate: string }>>(
      'GET',
      `${admin}/teams/left`,
    );
    expect(leftList.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ teamId: first, leaveDate: day(0) })]),
    );
    // Someone else's team: not theirs to leave.
    const stranger = await eve.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${first}`);
    expect(stranger.status).toBe(404);
  });

  it('lets either player withdraw an open request; the link then answers 410', async () => {
    const { seasonId } = await managerWithSeason(courtside.url, { sportsCategory: 'TENNISDOUBLE' });
    const ann = await person('Ann Asker', '0612345609');
    const bo = await person('Bo Partner', '0612345610');
    const cy = await person('Cy Other', '0612345611');

    const withdrawn = (await register(ann.http, seasonId, bo.email)).body.teamId;
    const token = await invitationToken(bo.email);
    expect(
      (await ann.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${withdrawn}`)).status,
    ).toBe(200);
    expect(
      await client().json('GET', `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}`),
    ).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });
    expect(await mine(bo.http)).toEqual([]);

    // Ann may ask again; this time the partner withdraws (declines) from their side.
    const declined = (await register(ann.http, seasonId, cy.email)).body.teamId;
    expect((await cy.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${declined}`)).status).toBe(
      200,
    );
    const cyToken = await invitationToken(cy.email);
    expect(
      await client().json('GET', `${ACCOUNT_API}/invitations/${encodeURIComponent(cyToken)}`),
    ).toMatchObject({
      status: 410,
      body: { reason: 'USED' },
    });
    expect(await mine(ann.http)).toEqual([]);
  });

  it('mails at most 10 partner requests of one player a day', async () => {
    const { seasonId } = await managerWithSeason(courtside.url, { sportsCategory: 'PADEL' });
    const ann = await person('Ann Asker', '0612345699');
    for (let sent = 0; sent < 10; sent++) {
      const { status, body } = await register(ann.http, seasonId, uniqueEmail('asked'));
      expect(status).toBe(201);
      await ann.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${body.teamId}`);
    }
    const eleventh = await register(ann.http, seasonId, uniqueEmail('asked'));
    expect(eleventh.status).toBe(429);
  });

  it('answers an invitation link: who asks to what, the invited account only, sign up first when there is none', async () => {
    const { seasonId } = await managerWithSeason(courtside.url, {
      sportsCategory: 'PADEL',
      companyName: 'TC Link',
      ladderName: 'Padel Ladder',
    });
    const ann = await person('Ann Asker', '0612345612');
    const other = await person('Otto Other', '0612345613');
    const newcomer = uniqueEmail('newcomer');
    const { body } = await register(ann.http, seasonId, newcomer);
    const token = encodeURIComponent(await invitationToken(newcomer));

    const info = await client().json('GET', `${ACCOUNT_API}/invitations/${token}`);
    expect(info).toMatchObject({
      status: 200,
      body: {
        kind: 'season',
        companyName: 'TC Link',
        ladderName: 'Padel Ladder',
        seasonName: 'Winter',
        email: newcomer,
        accountExists: false,
        invitedBy: 'Ann Asker',
        seasonId,
        teamId: body.teamId,
      },
    });
    expect((await client().json('GET', `${ACCOUNT_API}/invitations/nope.nope`)).status).toBe(404);
    expect(await other.http.json('POST', `${ACCOUNT_API}/invitations/${token}/accept`)).toMatchObject({
      status: 403,
      body: { reason: 'WRONG_ACCOUNT' },
    });

    // The newcomer signs up with the address (the spec's sign-up), completes the account and accepts.
    const http = client();
    await signedInAccount(http, { email: newcomer, password: PASSWORD });
    expect(
      (await client().json<{ accountExists: boolean }>('GET', `${ACCOUNT_API}/invitations/${token}`)).body
        .accountExists,
    ).toBe(true);
    const accepted = await http.json('POST', `${ACCOUNT_API}/invitations/${token}/accept`);
    expect(accepted).toEqual({ status: 200, body: { seasonId, teamId: body.teamId } });
    expect((await mine(http)).map((team) => [team.teamId, team.status])).toEqual([[body.teamId, 'waiting']]);
    expect(await http.json('POST', `${ACCOUNT_API}/invitations/${token}/accept`)).toMatchObject({
      status: 410,
      body: { reason: 'USED' },
    });

    // Declining by the link needs no account: the link proves the address.
    const stranger = uniqueEmail('stranger');
    await register(other.http, seasonId, stranger);
    const strangerToken = encodeURIComponent(await invitationToken(stranger));
    expect((await client().json('POST', `${ACCOUNT_API}/invitations/${strangerToken}/decline`)).status).toBe(
      200,
    );
    expect(await mine(other.http)).toEqual([]);
  });
});

describe('an unanswered partner request', () => {
  const courtside = courtsideForTests();

  it('lapses after 14 days by the dev clock', async () => {
    const {
      manager,
      account: managerAccount,
      company,
      seasonId,
    } = await managerWithSeason(courtside.url, { sportsCategory: 'PADEL', endOffset: 200 });
    const ann = courtside.client();
    const annAccount = await signedInAccount(ann);
    const bo = courtside.client();
    const boAccount = await signedInAccount(bo);
    const { body } = await ann.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {
      partnerEmail: boAccount.email,
    });
    const advance = (days: number) => ann.json('POST', DEV_CLOCK_PATH, { advanceMs: days * DAY_MS });
    // Days later the access has run out (15 minutes): each read signs in again, as a person would.
    const statuses = async (http: HttpClient, email: string) => {
      await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });
      return (await http.json<MyTeam[]>('GET', `${LADDER_API}/teams/mine`)).body.map((team) => team.status);
    };

    await advance(13);
    expect(await statuses(bo, boAccount.email)).toEqual(['awaiting-partner']);
    await advance(1.01);
    expect(await statuses(bo, boAccount.email)).toEqual([]);
    expect(await statuses(ann, annAccount.email)).toEqual([]);
    expect(
      await bo.json('POST', `${LADDER_API}/teams/${body.teamId}/partner`, { accept: true }),
    ).toMatchObject({
      status: 409,
      body: { reason: 'EXPIRED' },
    });
    // Lapsed by the system, in the log.
    await manager.json('POST', `${ACCOUNT_API}/account/login`, {
      email: managerAccount.email,
      password: PASSWORD,
    });
    const events = await manager.json<{ items: Array<{ type: string; actor: { id: string } }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events`,
    );
    expect(events.body.items.find((event) => event.type === 'PartnerRequestLapsed')?.actor.id).toBe('system');
  });
});
