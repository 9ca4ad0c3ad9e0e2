/**
 * Inviting a club's players (DESIGN.md §9): `POST admin …/seasons/{id}/invitations` with 200 invitees at
 * once, and the 200 invitation mails delivered to a real SMTP server.
 *
 *   npm run bench:invitations -- [--rounds=10] [--invitees=200]
 *
 * Postgres (DATABASE_URL or embedded), the embedded log, the api in this process with its mail sender and an
 * `smtp-server` that accepts every mail. One manager and one season per round; each round invites `invitees` new
 * addresses in one call. Reported: the calls' latency (p50/p99/max), and per round the time from the call to the
 * last of its mails accepted by the SMTP server (the end of DATA). Targets: p99 ≤ 2 s, every round's 200
 * mails within 30 s.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';
import { HttpClient } from '../../tests/support/http-client.ts';
import { expectStatus } from './bench-accounts.ts';
import { Cleanups, startPostgres } from './services.ts';
import { summarize } from './stats.ts';
import { loadNow, printReport } from './system.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' }, invitees: { type: 'string', default: '200' } },
});
const rounds = Number(values.rounds);
const invitees = Number(values.invitees);
const nowMs = () => performance.now();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const loadBefore = loadNow();
    const postgres = await startPostgres(cleanups);
    const databaseUrl = await postgres.createDatabase(`bench_invitations_${randomUUID().slice(0, 8)}`);

    // Sign-up codes are read from their mail; an invitation mail counts when its DATA ends.
    const codes = new Map<string, string>();
    const invitationMailAt = new Map<string, number>();
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const at = nowMs();
          const to = session.envelope.rcptTo[0]!.address.toLowerCase();
          const head = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[0]!;
          const code = /^Subject: .*?(\d{6})\s*$/im.exec(head)?.[1];
          if (code) codes.set(to, code);
          else if (to.startsWith('invitee.')) invitationMailAt.set(to, at);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    cleanups.add('stop the SMTP server', () => new Promise<void>((resolve) => smtp.close(() => resolve())));

    const courtside = await startCourtside({
      databaseUrl,
      runApi: true,
      runProjector: true,
      port: 0,
      mode: 'development',
      mailUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      logger: createLogger({ level: 'warn' }),
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const url = courtside.url!;

    // The manager, signed up as a person does (the code from its mail).
    const manager = new HttpClient(url);
    const email = `manager.${randomUUID().slice(0, 8)}@example.test`;
    const password = 'correct horse battery';
    const created = await manager.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
      email,
      password,
    });
    expectStatus(created, 201, 'sign up');
    for (let i = 0; !codes.has(email) && i < 1_000; i++) await new Promise((r) => setTimeout(r, 10));
    expectStatus(
      await manager.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify`, {
        refresh: created.body.refresh,
        code: codes.get(email),
      }),
      200,
      'verify',
    );
    expectStatus(
      await manager.json('POST', `${ACCOUNT_API}/account/login`, { email, password }),
      200,
      'login',
    );
    expectStatus(
      await manager.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: 'Bench Manager',
        phoneNumber: { countryCode: '31', number: '0612345678' },
      }),
      200,
      'minimal',
    );
    const company = await manager.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
      name: 'TC Invite',
    });
    expectStatus(company, 201, 'company');
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.body.id}/ladders`,
      {
        name: 'Club ladder',
        email: 'ladder@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expectStatus(ladder, 201, 'ladder');

    const latencies: number[] = [];
    const mailsWithinMs: number[] = [];
    for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
      const season = await manager.json<{ uuid: string }>(
        'POST',
        `${ADMIN_API}/companies/${company.body.id}/ladders/${ladder.body.uuid}/seasons`,
        {
          name: `Season ${roundIndex + 1}`,
          startDate: day(-5 + roundIndex * 100),
          endDate: day(90 + roundIndex * 100),
          minimumPlayedMatches: 3,
          openForRegistration: true,
          matchType: 'BESTOFTHREE',
        },
      );
      expectStatus(season, 201, 'season');
      const addresses = Array.from(
        { length: invitees },
        (_, index) => `invitee.${roundIndex}.${index}.${randomUUID().slice(0, 6)}@example.test`,
      );
      const begin = nowMs();
      const invited = await manager.json<{ invited: unknown[]; skipped: unknown[] }>(
        'POST',
        `${ADMIN_API}/seasons/${season.body.uuid}/invitations`,
        {
          invitees: addresses.map((address, index) => ({ email: address, fullName: `Invitee ${index}` })),
          placement: 'WAITING',
        },
      );
      latencies.push(nowMs() - begin);
      expectStatus(invited, 201, 'invite');
      if (invited.body.invited.length !== invitees) throw new Error(`invited ${invited.body.invited.length}`);
      const deadline = begin + 120_000;
      while (addresses.some((address) => !invitationMailAt.has(address)) && nowMs() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const last = Math.max(
        ...addresses.map((address) => invitationMailAt.get(address) ?? Number.POSITIVE_INFINITY),
      );
      mailsWithinMs.push(last - begin);
    }

    const calls = summarize(latencies)!;
    const mails = summarize(mailsWithinMs)!;
    const report = {
      rounds,
      invitees,
      callMs: calls,
      allMailsAcceptedMs: mails,
      targetMet: calls.p99 <= 2_000 && mails.max <= 30_000,
    };
    printReport(report, loadBefore);
  } finally {
    await cleanups.runAll();
  }
}

await main();
