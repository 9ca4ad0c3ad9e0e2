import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, HEALTH_PATH, LADDER_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { linkIn } from '../support/smtp.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

const EVIL = 'evil.example';

/**
 * Sends a request as `client` (its cookies and anti-forgery token) with the `Host` header a client chose: fetch
 * always writes the address it connects to, node:http sends what it is given.
 */
function withHost(
  client: HttpClient,
  host: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const url = new URL(`${client.baseUrl}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          host,
          cookie: client.cookieHeader(),
          ...(method === 'GET' ? {} : { 'x-xsrf-token': client.cookie('XSRF-TOKEN') ?? '' }),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** Sent again while the server answers "busy, nothing was changed" (a loaded machine). */
const sentWithHost = (...args: Parameters<typeof withHost>) =>
  sentUntilTaken(async () => {
    const answer = await withHost(...args);
    return { ...answer, body: answer.text };
  });

/**
 * DESIGN.md §19 "Links in mails": every link in a mail comes from PUBLIC_URL alone; in development without it, from
 * the request's own origin only when that is a loopback one. Against a real SMTP server, with a forged Host header.
 */
describe('links in mails, with a forged Host header (real SMTP, no PUBLIC_URL: development)', () => {
  const running = courtsideWithSmtp();
  const server = () => new URL(running.courtside.url!);
  const mailTo = (email: string, subject: RegExp) =>
    eventually(() => running.smtp.to(email).find((mail) => subject.test(mail.subject)), {
      message: `mail ${String(subject)} to ${email}`,
    });
  const loopbackOfServer = () => `http://127.0.0.1:${server().port}`;

  it('mails a password reset link on this machine’s address, never on the Host the request named', async () => {
    const { email } = await signedInAccount(new HttpClient(running.courtside.url!));
    const anonymous = new HttpClient(running.courtside.url!);
    await anonymous.request('GET', HEALTH_PATH);

    const forgot = await sentWithHost(
      anonymous,
      EVIL,
      'POST',
      `${ACCOUNT_API}/account/password/forgot?language=en`,
      {
        email,
      },
    );
    expect(forgot.status).toBe(202);
    const link = new URL(linkIn((await mailTo(email, /password/i)).text, /New password/));

    expect(link.origin).toBe(loopbackOfServer());
    expect(link.pathname).toBe('/webapps/account/en/reset');
  });

  it('keeps a loopback Host the request named (the web app’s dev server on another port)', async () => {
    const { email } = await signedInAccount(new HttpClient(running.courtside.url!));
    const anonymous = new HttpClient(running.courtside.url!);
    await anonymous.request('GET', HEALTH_PATH);

    const forgot = await sentWithHost(
      anonymous,
      'localhost:5173',
      'POST',
      `${ACCOUNT_API}/account/password/forgot`,
      {
        email,
      },
    );
    expect(forgot.status).toBe(202);
    const link = new URL(linkIn((await mailTo(email, /password/i)).text, /New password/));

    expect(link.origin).toBe('http://localhost:5173');
  });

  it('mails a co-manager’s invitation link and answers calendarUrl on this machine’s address', async () => {
    const owner = new HttpClient(running.courtside.url!);
    const { company } = await managerWithCompany(owner);
    const invitee = uniqueEmail('co-manager');

    const invited = await sentWithHost(
      owner,
      EVIL,
      'POST',
      `${ADMIN_API}/companies/${company.id}/managers/invitations`,
      {
        email: invitee,
      },
    );
    expect(invited.status).toBe(201);
    const link = new URL(linkIn((await mailTo(invitee, /manage/)).text, /^Accept:/));
    expect(link.origin).toBe(loopbackOfServer());
    expect(link.pathname).toMatch(/^\/webapps\/account\/en\/invitation\//);

    const account = await sentWithHost(owner, EVIL, 'GET', `${ACCOUNT_API}/account`);
    expect(account.status).toBe(200);
    const { calendarUrl } = JSON.parse(account.text) as { calendarUrl: string };
    expect(new URL(calendarUrl).origin).toBe(loopbackOfServer());
  });

  it('mails a partner request’s link on this machine’s address', async () => {
    const { seasonId } = await managerWithSeason(running.courtside.url!, { sportsCategory: 'TENNISDOUBLE' });
    const player = new HttpClient(running.courtside.url!);
    await signedInAccount(player);
    const partner = uniqueEmail('partner');

    const registered = await sentWithHost(player, EVIL, 'POST', `${LADDER_API}/seasons/${seasonId}/teams`, {
      partnerEmail: partner,
    });
    expect(registered.status).toBe(201);
    const link = new URL(linkIn((await mailTo(partner, /play/)).text, /^Accept or decline:/));

    expect(link.origin).toBe(loopbackOfServer());
  });
});

describe('links in mails, with a forged Host header (real SMTP, PUBLIC_URL set)', () => {
  const running = courtsideWithSmtp({ publicUrl: 'https://ladders.example.test' });

  it('mails every link under PUBLIC_URL, whatever Host the request named', async () => {
    const { email } = await signedInAccount(new HttpClient(running.courtside.url!));
    const anonymous = new HttpClient(running.courtside.url!);
    await anonymous.request('GET', HEALTH_PATH);

    for (const host of [EVIL, 'localhost:5173']) {
      const seen = running.smtp.to(email).length;
      const forgot = await sentWithHost(anonymous, host, 'POST', `${ACCOUNT_API}/account/password/forgot`, {
        email,
      });
      expect(forgot.status).toBe(202);
      const mail = await eventually(() => running.smtp.to(email)[seen], {
        message: `reset mail to ${email}`,
      });
      expect(new URL(linkIn(mail.text, /New password/)).origin).toBe('https://ladders.example.test');
    }
  });
});
