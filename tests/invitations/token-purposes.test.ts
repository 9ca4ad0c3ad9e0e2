import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, DEV_MAILBOX_PATH, HEALTH_PATH } from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';

/** The anti-forgery cookie the server hands a client that names this session id (any string: DESIGN.md §3). */
async function xsrfCookieFor(baseUrl: string, sessionId: string): Promise<string> {
  const response = await fetch(`${baseUrl}${HEALTH_PATH}`, { headers: { 'session-id': sessionId } });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => /^XSRF-TOKEN=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie);
}

/**
 * The anti-forgery tokens sign any session id a client names, so they and the invitation links' tokens are signed
 * with keys of their own: a value made for one purpose never passes for the other, and a token that names no
 * invitation the api could have made answers 404 or 400, never 500.
 */
describe('tokens of one purpose never pass for another', () => {
  const courtside = courtsideForTests({ runProjector: true });

  it('an anti-forgery token made for the session id "invitation" is no invitation link: 404 and 400, not 500', async () => {
    const forged = await xsrfCookieFor(courtside.url, 'invitation');
    const anonymous = courtside.client();
    const token = encodeURIComponent(forged);

    expect((await anonymous.json('GET', `${ACCOUNT_API}/invitations/${token}`)).status).toBe(404);
    expect((await anonymous.json('POST', `${ACCOUNT_API}/invitations/${token}/decline`)).status).toBe(404);
    const signUp = await anonymous.json('POST', `${ACCOUNT_API}/account`, {
      email: uniqueEmail('invitee'),
      password: PASSWORD,
      invitationToken: forged,
    });
    expect(signUp.status).toBe(400);
  });

  it('an invitation link’s token is no anti-forgery token, whatever session id comes with it', async () => {
    const owner = courtside.client();
    const { company } = await managerWithCompany(owner);
    const invitee = uniqueEmail('co-manager');
    const invited = await owner.json('POST', `${ADMIN_API}/companies/${company.id}/managers/invitations`, {
      email: invitee,
    });
    expect(invited.status).toBe(201);
    const mails = await owner.json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(invitee)}`,
    );
    const link = /https?:\/\/\S+\/invitation\/(\S+)/.exec(mails.body[0]!.text);
    const invitationToken = decodeURIComponent(link![1]!);
    // The link works as a link.
    expect((await owner.json('GET', `${ACCOUNT_API}/invitations/${link![1]!}`)).status).toBe(200);

    // Sent as the anti-forgery pair of the session id "invitation", it is refused before any route runs.
    const write = await fetch(`${courtside.url}${ACCOUNT_API}/account/password/forgot`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'session-id': 'invitation',
        cookie: `XSRF-TOKEN=${encodeURIComponent(invitationToken)}`,
        'x-xsrf-token': encodeURIComponent(invitationToken),
      },
      body: JSON.stringify({ email: invitee }),
    });
    expect(write.status).toBe(403);
  });
});
