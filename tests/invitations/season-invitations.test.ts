import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, DEV_CLOCK_PATH, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Invited {
  invited: Array<{ invitationId: string; email: string }>;
  skipped: Array<{ email: string; reason: string }>;
}
interface Listed {
  invitationId: string;
  email: string;
  fullName?: string;
  partnerEmail?: string;
  state: string;
  invitedAt: string;
  expiresAt: string;
}

/** DESIGN.md §9 "Inviting players", "The link", §15 "Invitations". */
describe('season invitations', () => {
  const courtside = courtsideForTests();
  const client = () => courtside.client();
  const invite = (manager: HttpClient, seasonId: string, body: unknown) =>
    manager.json<Invited>('POST', `${ADMIN_API}/seasons/${seasonId}/invitations`, body);
  const list = async (manager: HttpClient, seasonId: string) =>
    (await manager.json<Listed[]>('GET', `${ADMIN_API}/seasons/${seasonId}/invitations`)).body;
  async function mails(email: string) {
    const mailbox = await client().json<Array<{ subject: string; text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    return mailbox.body;
  }
  /** The invitation link mailed to an address: its token. */
  async function tokenOf(email: string): Promise<string> {
    const link = /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec((await mails(email))[0]?.text ?? '');
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return decodeURIComponent(link[1]!);
  }
  const linkAnswer = (token: string) =>
    client().json('GET', `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}`);
  const accept = (http: HttpClient, token: string) =>
    http.json<{ seasonId: string; teamId: string }>(
      'POST',
      `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}/accept`,
    );
  /** Signs up from the link (no code), gives a name and phone, signs in. */
  async function signUpFromLink(email: string, token: string) {
    const http = client();
    const created = await http.json<{ id: string; verified?: boolean }>('POST', `${ACCOUNT_API}/account`, {
      email,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(created.status).toBe(201);
    expect(created.body.verified).toBe(true);
    expect(
      (await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(200);
    return { http, id: created.body.id };
  }

  it('invites singles, lets the invited address sign up verified and accept into the active list at N+1; the link is then used', async () => {
    const { manager, seasonId } = await seasonWithTeams(courtside.url, 2, { companyName: 'TC Invite' });
    const known = client();
    const knownAccount = await signedInAccount(known);
    const stranger = uniqueEmail('invited');

    const answer = await invite(manager, seasonId, {
      invitees: [
        { email: stranger, fullName: 'Ivy Invited' },
        { email: knownAccount.email },
        { email: stranger },
      ],
      placement: 'ACTIVE',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.invited.map((row) => row.email)).toEqual([stranger, knownAccount.email]);
    expect(answer.body.skipped).toEqual([{ email: stranger, reason: 'DUPLICATE' }]);
    const listed = await list(manager, seasonId);
    expect(listed.map((row) => [row.email, row.state, row.fullName])).toEqual(
      expect.arrayContaining([
        [stranger, 'pending', 'Ivy Invited'],
        [knownAccount.email, 'pending', undefined],
      ]),
    );
    expect(Date.parse(listed[0]!.expiresAt) - Date.parse(listed[0]!.invitedAt)).toBe(14 * DAY_MS);

    // The mail, in both languages, with the link.
    const [mail] = await mails(stranger);
    expect(mail!.text).toContain('TC Invite');
    expect(mail!.text).toContain('/webapps/account/nl/invitation/');
    const token = await tokenOf(stranger);
    expect(await linkAnswer(token)).toMatchObject({
      status: 200,
      body: {
        kind: 'season',
        companyName: 'TC Invite',
        email: stranger,
        accountExists: false,
        fullName: 'Ivy Invited',
      },
    });

    // Another address's token is a 400, and nothing is created.
    const other = uniqueEmail('other');
    const wrongSignUp = await client().json('POST', `${ACCOUNT_API}/account`, {
      email: other,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(wrongSignUp.status).toBe(400);
    expect(
      (await client().json('POST', `${ACCOUNT_API}/account/login`, { email: other, password: PASSWORD }))
        .status,
    ).not.toBe(200);

    // The known account may not take up the stranger's invitation.
    expect(await accept(known, token)).toMatchObject({ status: 403, body: { reason: 'WRONG_ACCOUNT' } });

    const ivy = await signUpFromLink(stranger, token);
    expect(await linkAnswer(token)).toMatchObject({ status: 200, body: { accountExists: true } });
    // A name and phone first (spec §8 minimal account).
    expect((await accept(ivy.http, token)).status).toBe(403);
    await ivy.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName: 'Ivy Invited',
      phoneNumber: { countryCode: '31', number: '0611112222' },
    });
    const accepted = await accept(ivy.http, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.seasonId).toBe(seasonId);
    const active = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    expect(active.body.find((team) => team.teamId === accepted.body.teamId)?.position).toBe(3);

    expect(await linkAnswer(token)).toMatchObject({ status: 410, body: { reason: 'USED' } });
    expect(await accept(ivy.http, token)).toMatchObject({ status: 410, body: { reason: 'USED' } });
    expect((await list(manager, seasonId)).find((row) => row.email === stranger)?.state).toBe('accepted');

    // In the season now: inviting the address again is skipped.
    expect(
      (await invite(manager, seasonId, { invitees: [{ email: stranger }], placement: 'WAITING' })).body,
    ).toEqual({
      invited: [],
      skipped: [{ email: stranger, reason: 'ALREADY_IN_SEASON' }],
    });
  });

  it('resends the same link, revokes (410 REVOKED from then on), and keeps other clubs out', async () => {
    const { manager, seasonId } = await managerWithSeason(courtside.url);
    const email = uniqueEmail('revoked');
    const answer = await invite(manager, seasonId, { invitees: [{ email }], placement: 'WAITING' });
    const { invitationId } = answer.body.invited[0]!;
    const token = await tokenOf(email);

    const resent = await manager.json(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/invitations/${invitationId}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(await mails(email)).toHaveLength(2);
    expect(await tokenOf(email)).toBe(token);

    // Another club's manager, and a player, find nothing.
    const { manager: stranger } = await managerWithSeason(courtside.url);
    expect((await stranger.json('GET', `${ADMIN_API}/seasons/${seasonId}/invitations`)).status).toBe(404);
    expect(
      (await stranger.json('DELETE', `${ADMIN_API}/seasons/${seasonId}/invitations/${invitationId}`)).status,
    ).toBe(404);
    expect((await invite(stranger, seasonId, { invitees: [{ email }], placement: 'WAITING' })).status).toBe(
      404,
    );
    expect((await client().json('GET', `${ADMIN_API}/seasons/${seasonId}/invitations`)).status).toBe(401);

    expect(
      (await manager.request('DELETE', `${ADMIN_API}/seasons/${seasonId}/invitations/${invitationId}`))
        .status,
    ).toBe(204);
    expect(await linkAnswer(token)).toMatchObject({ status: 410, body: { reason: 'REVOKED' } });
    expect((await list(manager, seasonId))[0]?.state).toBe('revoked');
    const invitee = client();
    await signedInAccount(invitee, { email });
    expect(await accept(invitee, token)).toMatchObject({ status: 410, body: { reason: 'REVOKED' } });
    expect(
      (await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/invitations/${invitationId}/resend`))
        .status,
    ).toBe(409);
    // Revoked, the address may be invited again.
    expect(
      (await invite(manager, seasonId, { invitees: [{ email }], placement: 'WAITING' })).body.invited,
    ).toHaveLength(1);
    // Bad input is a 400.
    expect((await invite(manager, seasonId, { invitees: [], placement: 'WAITING' })).status).toBe(400);
    // An address the server does not take skips its row (DESIGN.md §19), it does not fail the request.
    expect(
      await invite(manager, seasonId, { invitees: [{ email: 'not-an-address' }], placement: 'WAITING' }),
    ).toMatchObject({
      status: 201,
      body: { invited: [], skipped: [{ email: 'not-an-address', reason: 'INVALID_EMAIL' }] },
    });
    expect((await invite(manager, seasonId, { invitees: [{ email }], placement: 'LATER' })).status).toBe(400);
    expect((await linkAnswer('unknown.token')).status).toBe(404);
  });

  it('skips each address the server does not take as INVALID_EMAIL and invites every other row (DESIGN.md §19)', async () => {
    const { manager, seasonId } = await managerWithSeason(courtside.url);
    const good = Array.from({ length: 27 }, (_, index) => uniqueEmail(`row${index}`));
    const bad = ['renée.jacobs@example.nl', 'not-an-address', 'ann@@club.test'];
    const rows = [...good.slice(0, 10), bad[0]!, ...good.slice(10, 20), bad[1]!, ...good.slice(20), bad[2]!];
    const answer = await invite(manager, seasonId, {
      invitees: rows.map((email, index) => ({
        email,
        fullName: `Row ${index}`,
        // A bad partner address skips its row too, even in singles (the preview marks it alike).
        ...(index === 0 ? { partnerEmail: 'pat@' } : {}),
      })),
      placement: 'WAITING',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.skipped).toEqual([
      { email: good[0], reason: 'INVALID_EMAIL' },
      ...bad.map((email) => ({ email, reason: 'INVALID_EMAIL' })),
    ]);
    expect(answer.body.invited.map((row) => row.email)).toEqual(good.slice(1));
    for (const email of good.slice(1)) expect(await mails(email), email).toHaveLength(1);
    expect(await mails(good[0]!)).toEqual([]);
    expect((await list(manager, seasonId)).map((row) => row.email).sort()).toEqual(good.slice(1).sort());
  });

  it('screens 200 padel rows with every kind of bad row, and forms a team when both addresses accepted', async () => {
    const { manager, seasonId } = await managerWithSeason(courtside.url, { sportsCategory: 'PADEL' });
    // A player in the season already (through an earlier invitation of a pair) and an address invited already.
    const inSeason = client();
    const inSeasonAccount = await signedInAccount(inSeason);
    const partnerOfIn = client();
    const partnerOfInAccount = await signedInAccount(partnerOfIn);
    const pending = uniqueEmail('pending');
    const first = await invite(manager, seasonId, {
      invitees: [
        { email: inSeasonAccount.email, partnerEmail: partnerOfInAccount.email },
        { email: pending, partnerEmail: uniqueEmail('pending-partner') },
      ],
      placement: 'WAITING',
    });
    expect(first.body.invited).toHaveLength(2);
    // The pair accepts one after the other: no team until both did.
    expect((await accept(inSeason, await tokenOf(inSeasonAccount.email))).status).toBe(200);
    const waitingBefore = await manager.json<unknown[]>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`,
    );
    expect(waitingBefore.body).toHaveLength(0);
    expect((await list(manager, seasonId)).find((row) => row.email === inSeasonAccount.email)?.state).toBe(
      'pending',
    );
    const formed = await accept(partnerOfIn, await tokenOf(partnerOfInAccount.email));
    expect(formed.status).toBe(200);
    const waiting = await manager.json<Array<{ teamId: string; members: Array<{ email: string }> }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`,
    );
    expect(waiting.body.map((team) => team.members.map((member) => member.email))).toEqual([
      [inSeasonAccount.email, partnerOfInAccount.email],
    ]);
    expect((await list(manager, seasonId)).find((row) => row.email === inSeasonAccount.email)?.state).toBe(
      'accepted',
    );

    const rows: Array<{ email: string; fullName?: string; partnerEmail?: string }> = [];
    const expected: Invited['skipped'] = [];
    for (let index = 0; index < 200; index++) {
      const email = `row${index}-${uniqueEmail('csv')}`;
      const kind = index % 10;
      if (kind === 1) {
        rows.push({ email });
        expected.push({ email, reason: 'PARTNER_REQUIRED' });
      } else if (kind === 2) {
        rows.push({ email: rows[index - 2]!.email, partnerEmail: uniqueEmail('p') });
        expected.push({ email: rows[index - 2]!.email, reason: 'DUPLICATE' });
      } else if (kind === 3) {
        rows.push({ email, partnerEmail: email });
        expected.push({ email, reason: 'DUPLICATE' });
      } else if (kind === 4 && index === 4) {
        rows.push({ email: inSeasonAccount.email, partnerEmail: uniqueEmail('p') });
        expected.push({ email: inSeasonAccount.email, reason: 'ALREADY_IN_SEASON' });
      } else if (kind === 4 && index === 14) {
        rows.push({ email, partnerEmail: partnerOfInAccount.email });
        expected.push({ email, reason: 'ALREADY_IN_SEASON' });
      } else if (kind === 5 && index === 5) {
        rows.push({ email: pending.toUpperCase(), partnerEmail: uniqueEmail('p') });
        expected.push({ email: pending, reason: 'ALREADY_INVITED' });
      } else {
        rows.push({ email, fullName: `Player ${index}`, partnerEmail: uniqueEmail('p') });
      }
    }
    const many = await invite(manager, seasonId, { invitees: rows, placement: 'ACTIVE' });
    expect(many.status).toBe(201);
    expect(many.body.skipped).toEqual(expected);
    expect(many.body.invited).toHaveLength(200 - expected.length);
    expect(await list(manager, seasonId)).toHaveLength(2 + 200 - expected.length);
    expect(
      (await invite(manager, seasonId, { invitees: [...rows, rows[0]], placement: 'ACTIVE' })).status,
    ).toBe(400);
  });

  it('an invitation lapses after 14 days (410 EXPIRED)', async () => {
    const { manager, seasonId } = await managerWithSeason(courtside.url);
    const email = uniqueEmail('late');
    await invite(manager, seasonId, { invitees: [{ email }], placement: 'WAITING' });
    const token = await tokenOf(email);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 13.9 * DAY_MS });
    expect((await linkAnswer(token)).status).toBe(200);
    await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 0.2 * DAY_MS });
    expect(await linkAnswer(token)).toMatchObject({ status: 410, body: { reason: 'EXPIRED' } });
    const signUp = await client().json('POST', `${ACCOUNT_API}/account`, {
      email,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(signUp.status).toBe(400);
  });
});
