import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

interface Managers {
  managers: Array<{ accountId: string; fullName: string; email: string; since: string }>;
  invitations: Array<{ invitationId: string; email: string; invitedAt: string; expiresAt: string }>;
}

/** DESIGN.md §9 "Managers": co-managers invited by mail, all alike, removed (never the last). */
describe('managers', () => {
  const courtside = courtsideForTests();
  const client = () => courtside.client();
  const base = (companyId: string) => `${ADMIN_API}/companies/${companyId}/managers`;
  async function tokenOf(email: string): Promise<string> {
    const mailbox = await client().json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    // The newest mail with a link (a sign-up code may have come since).
    const link = mailbox.body
      .map((mail) => /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(mail.text))
      .find(Boolean);
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return decodeURIComponent(link[1]!);
  }
  const linkOf = (token: string) => `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}`;

  it('invites a co-manager who signs up from the link, manages alike, and once removed loses access and the room', async () => {
    const owner = client();
    const { account: ownerAccount, company } = await managerWithCompany(owner, 'TC Together');
    const coEmail = uniqueEmail('co');

    const invited = await owner.json<{ invitationId: string }>('POST', `${base(company.id)}/invitations`, {
      email: coEmail,
    });
    expect(invited.status).toBe(201);
    const listed = await owner.json<Managers>('GET', base(company.id));
    expect(listed.body.managers.map((manager) => manager.accountId)).toEqual([ownerAccount.id]);
    expect(listed.body.invitations.map((invitation) => [invitation.invitationId, invitation.email])).toEqual([
      [invited.body.invitationId, coEmail],
    ]);

    const token = await tokenOf(coEmail);
    expect(await client().json('GET', linkOf(token))).toMatchObject({
      status: 200,
      body: { kind: 'manager', companyName: 'TC Together', email: coEmail, accountExists: false },
    });
    // Someone else signed in may not take it up.
    const other = client();
    await signedInAccount(other);
    expect(await other.json('POST', `${linkOf(token)}/accept`)).toMatchObject({
      status: 403,
      body: { reason: 'WRONG_ACCOUNT' },
    });

    const co = client();
    const created = await co.json<{ id: string; verified?: boolean }>('POST', `${ACCOUNT_API}/account`, {
      email: coEmail,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(created).toMatchObject({ status: 201, body: { verified: true } });
    await co.json('POST', `${ACCOUNT_API}/account/login`, { email: coEmail, password: PASSWORD });
    expect(await co.json('POST', `${linkOf(token)}/accept`)).toEqual({
      status: 200,
      body: { companyId: company.id },
    });
    expect((await client().json('GET', linkOf(token))).body).toMatchObject({ reason: 'USED' });

    // Alike: the companies list, the managers list, a ladder of the company.
    expect(
      (await co.json<Array<{ id: string }>>('GET', `${ACCOUNT_API}/companies`)).body.map((c) => c.id),
    ).toEqual([company.id]);
    const both = await co.json<Managers>('GET', base(company.id));
    expect(both.body.managers.map((manager) => manager.accountId)).toEqual([
      ownerAccount.id,
      created.body.id,
    ]);
    expect(both.body.invitations).toEqual([]);
    const ladder = await co.json<{ uuid: string }>('POST', `${ADMIN_API}/companies/${company.id}/ladders`, {
      name: 'Co Ladder',
      email: 'co@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    expect(ladder.status).toBe(201);
    expect(await owner.json('POST', `${base(company.id)}/invitations`, { email: coEmail })).toMatchObject({
      status: 409,
      body: { reason: 'ALREADY_MANAGER' },
    });

    // Both follow the company's room; the co-manager is removed and leaves it.
    const ownerLive = new LiveClient(courtside.url, { 'SESSION-ID': owner.cookie('SESSION-ID')! });
    const coLive = new LiveClient(courtside.url, { 'SESSION-ID': co.cookie('SESSION-ID')! });
    try {
      await Promise.all([ownerLive.connected(), coLive.connected()]);
      expect(await ownerLive.subscribe(`company:${company.id}`)).toMatchObject({ ok: true });
      expect(await coLive.subscribe(`company:${company.id}`)).toMatchObject({ ok: true });

      expect((await owner.request('DELETE', `${base(company.id)}/${created.body.id}`)).status).toBe(204);
      await eventually(async () => coLive.pushes.some((push) => push.event === 'company.manager-removed'), {
        message: 'the removal pushed to the room',
      });
      expect((await co.json('GET', base(company.id))).status).toBe(404);
      expect((await co.json('GET', `${ACCOUNT_API}/companies`)).body).toEqual([]);
      expect(
        (
          await co.json('POST', `${ADMIN_API}/companies/${company.id}/ladders`, {
            name: 'Too late',
            email: 'co@club.test',
            sportsCategory: 'TENNISSINGLE',
          })
        ).status,
      ).toBe(404);
      // A later push of the room reaches the owner, not the removed manager.
      await owner.json('POST', `${ADMIN_API}/companies/${company.id}/ladders`, {
        name: 'After',
        email: 'after@club.test',
        sportsCategory: 'TENNISSINGLE',
      });
      await eventually(
        async () =>
          ownerLive.pushes.some(
            (push) => push.event === 'ladder.changed' && (push.data as { name: string }).name === 'After',
          ),
        { message: 'the owner hears of the new ladder' },
      );
      expect(
        coLive.pushes.some(
          (push) => push.event === 'ladder.changed' && (push.data as { name: string }).name === 'After',
        ),
      ).toBe(false);
      expect(await coLive.subscribe(`company:${company.id}`)).toMatchObject({ ok: false });
    } finally {
      ownerLive.close();
      coLive.close();
    }

    // The last manager cannot go, also not by themself.
    expect(await owner.json('DELETE', `${base(company.id)}/${ownerAccount.id}`)).toMatchObject({
      status: 409,
      body: { reason: 'LAST_MANAGER' },
    });
  });

  it('takes a co-manager who deletes their account off the managers (DESIGN.md §10 erasure), the others stay', async () => {
    const owner = client();
    const { account: ownerAccount, company } = await managerWithCompany(owner, 'TC Leaving');
    const coEmail = uniqueEmail('leaving-co');
    expect((await owner.json('POST', `${base(company.id)}/invitations`, { email: coEmail })).status).toBe(
      201,
    );
    const token = await tokenOf(coEmail);
    const co = client();
    const created = await co.json<{ id: string }>('POST', `${ACCOUNT_API}/account`, {
      email: coEmail,
      password: PASSWORD,
      invitationToken: token,
    });
    await co.json('POST', `${ACCOUNT_API}/account/login`, { email: coEmail, password: PASSWORD });
    expect((await co.json('POST', `${linkOf(token)}/accept`)).status).toBe(200);

    // Two managers: neither is the last, so the co-manager may leave Courtside.
    expect((await co.request('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD })).status).toBe(
      204,
    );

    const left = await owner.json<Managers>('GET', base(company.id));
    expect(left.body.managers.map((manager) => manager.accountId)).toEqual([ownerAccount.id]);
    expect(left.body.managers.map((manager) => manager.accountId)).not.toContain(created.body.id);
    // And the owner is the last one again.
    expect(await owner.json('DELETE', `${base(company.id)}/${ownerAccount.id}`)).toMatchObject({
      status: 409,
      body: { reason: 'LAST_MANAGER' },
    });
  });

  it('revokes the open invitations a removed manager sent (DESIGN.md §19): their second address cannot get them back in', async () => {
    const owner = client();
    const { company } = await managerWithCompany(owner);
    const coEmail = uniqueEmail('removed-co');
    await owner.json('POST', `${base(company.id)}/invitations`, { email: coEmail });
    const co = client();
    const coAccount = await signedInAccount(co, { email: coEmail });
    expect((await co.json('POST', `${linkOf(await tokenOf(coEmail))}/accept`)).status).toBe(200);

    // While a manager, the co-manager invites an address of their own; the owner invites someone else.
    const spareEmail = uniqueEmail('spare');
    const spare = await co.json<{ invitationId: string }>('POST', `${base(company.id)}/invitations`, {
      email: spareEmail,
    });
    expect(spare.status).toBe(201);
    const guestEmail = uniqueEmail('guest');
    await owner.json('POST', `${base(company.id)}/invitations`, { email: guestEmail });
    const spareToken = await tokenOf(spareEmail);

    expect((await owner.request('DELETE', `${base(company.id)}/${coAccount.id}`)).status).toBe(204);
    expect(await client().json('GET', linkOf(spareToken))).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });
    const spareClient = client();
    await signedInAccount(spareClient, { email: spareEmail });
    expect(await spareClient.json('POST', `${linkOf(spareToken)}/accept`)).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });
    expect((await spareClient.json('GET', base(company.id))).status).toBe(404);
    // The owner's own invitation stays open and listed; the revoked one is not.
    const listed = await owner.json<Managers>('GET', base(company.id));
    expect(listed.body.invitations.map((invitation) => invitation.email)).toEqual([guestEmail]);
    expect(await client().json('GET', linkOf(await tokenOf(guestEmail)))).toMatchObject({ status: 200 });
  });

  it('revokes an invitation (410 REVOKED), lets a manager remove themself, and keeps other companies out', async () => {
    const owner = client();
    const { account: ownerAccount, company } = await managerWithCompany(owner);
    const email = uniqueEmail('revoked');
    const { body } = await owner.json<{ invitationId: string }>('POST', `${base(company.id)}/invitations`, {
      email,
    });
    const token = await tokenOf(email);

    const stranger = client();
    const { company: theirs } = await managerWithCompany(stranger);
    expect((await stranger.json('GET', base(company.id))).status).toBe(404);
    expect((await stranger.json('POST', `${base(company.id)}/invitations`, { email })).status).toBe(404);
    expect(
      (await stranger.request('DELETE', `${base(company.id)}/invitations/${body.invitationId}`)).status,
    ).toBe(404);
    expect((await stranger.request('DELETE', `${base(company.id)}/${ownerAccount.id}`)).status).toBe(404);
    // Another company's invitation is not found through one's own company.
    expect(
      (await stranger.request('DELETE', `${base(theirs.id)}/invitations/${body.invitationId}`)).status,
    ).toBe(404);
    expect((await client().json('GET', base(company.id))).status).toBe(401);
    expect((await owner.json('POST', `${base(company.id)}/invitations`, { email: 'nope' })).status).toBe(400);

    expect(
      (await owner.request('DELETE', `${base(company.id)}/invitations/${body.invitationId}`)).status,
    ).toBe(204);
    expect(await client().json('GET', linkOf(token))).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });
    expect((await owner.json<Managers>('GET', base(company.id))).body.invitations).toEqual([]);
    const late = client();
    await signedInAccount(late, { email });
    expect(await late.json('POST', `${linkOf(token)}/accept`)).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });

    // With a second manager, the owner may remove themself.
    const second = uniqueEmail('second');
    await owner.json('POST', `${base(company.id)}/invitations`, { email: second });
    const secondClient = client();
    await signedInAccount(secondClient, { email: second });
    expect((await secondClient.json('POST', `${linkOf(await tokenOf(second))}/accept`)).status).toBe(200);
    expect((await owner.request('DELETE', `${base(company.id)}/${ownerAccount.id}`)).status).toBe(204);
    expect((await owner.json('GET', base(company.id))).status).toBe(404);
    const left = await secondClient.json<Managers>('GET', base(company.id));
    expect(left.body.managers.map((manager) => manager.email)).toEqual([second]);
  });
});
