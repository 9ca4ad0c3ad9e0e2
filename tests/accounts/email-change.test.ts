import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, PREFERENCES_PATH } from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

const MINUTE = 60_000;
const CHANGE = `${ACCOUNT_API}/account/email`;
const CONFIRM = `${ACCOUNT_API}/account/email/confirm`;

/**
 * DESIGN.md §10 "Change of email", against a real SMTP server: the current password, a code to the new address, the
 * old address told; an address with an account is told so and nothing changes.
 */
describe('changing the email address (real SMTP)', () => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const running = courtsideWithSmtp({ clock, runProjector: false });
  const client = () => new HttpClient(running.courtside.url!);
  const mailTo = (email: string, subject: RegExp) =>
    eventually(() => running.smtp.to(email).find((mail) => subject.test(mail.subject)), {
      message: `a mail ${subject} to ${email}`,
    });

  it('moves the account to the new address with the code mailed there, and tells the old one', async () => {
    const http = client();
    const { email } = await signedInAccount(http);
    const newEmail = uniqueEmail('moved');

    const wrong = await http.json('PUT', CHANGE, { newEmail, currentPassword: 'not my password' });
    expect(wrong.status).toBe(403);
    const asked = await http.request('PUT', CHANGE, {
      newEmail: newEmail.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(202);

    const told = await mailTo(email, /being changed/);
    expect(told.text).toContain(newEmail);
    const codeMail = await mailTo(newEmail, /code/i);
    const code = codeMail.subject.match(/\d{6}/)![0];
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await http.json('POST', CONFIRM, { code: wrongCode })).status).toBe(400);
    // Nothing changed before the code.
    expect((await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email).toBe(email);

    const confirmed = await http.json<{ email: string }>('POST', CONFIRM, { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(newEmail);
    expect((await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email).toBe(newEmail);
    const login = (address: string) =>
      client().json('POST', `${ACCOUNT_API}/account/login`, { email: address, password: PASSWORD });
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(email)).status).toBe(401);
    // Used: the code does not work twice.
    expect((await http.json('POST', CONFIRM, { code })).status).toBe(410);
  });

  it('tells an address that has an account so, in the account’s language, answers the same and changes nothing', async () => {
    const http = client();
    const { email } = await signedInAccount(http);
    const other = await signedInAccount(client());
    expect((await http.json('PUT', PREFERENCES_PATH, { language: 'nl' })).status).toBe(200);

    const asked = await http.request('PUT', CHANGE, { newEmail: other.email, currentPassword: PASSWORD });
    expect(asked.status).toBe(202);
    await mailTo(other.email, /heeft al een Courtside-account/);
    await mailTo(email, /wordt gewijzigd/);
    expect((await http.json('POST', CONFIRM, { code: '123456' })).status).toBe(410);
    expect((await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email).toBe(email);
  });

  it('refuses an expired code with 410, stops after five wrong codes, and refuses bad input with 400', async () => {
    const http = client();
    await signedInAccount(http);
    const first = uniqueEmail('late');
    await http.request('PUT', CHANGE, { newEmail: first, currentPassword: PASSWORD });
    const late = (await mailTo(first, /code/i)).subject.match(/\d{6}/)![0];
    offset += 16 * MINUTE;
    await http.request('POST', `${ACCOUNT_API}/account/refresh`);
    expect((await http.json('POST', CONFIRM, { code: late })).status).toBe(410);

    const second = uniqueEmail('guessed');
    await http.request('PUT', CHANGE, { newEmail: second, currentPassword: PASSWORD });
    const right = (await mailTo(second, /code/i)).subject.match(/\d{6}/)![0];
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await http.json('POST', CONFIRM, { code: wrong })).status).toBe(400);
    }
    expect((await http.json('POST', CONFIRM, { code: right })).status).toBe(429);

    expect(
      (await http.json('PUT', CHANGE, { newEmail: 'not an address', currentPassword: PASSWORD })).status,
    ).toBe(400);
    expect((await http.json('POST', CONFIRM, { code: '12' })).status).toBe(400);
    expect((await client().json('PUT', CHANGE, { newEmail: second, currentPassword: PASSWORD })).status).toBe(
      401,
    );
  });
});
