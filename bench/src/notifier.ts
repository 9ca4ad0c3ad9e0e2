/**
 * The notifier (DESIGN.md §6): its throughput, and the time from an event's append to its mail being accepted by a
 * real SMTP server, at a steady rate.
 *
 *   node --import tsx bench/src/notifier.ts [--rate=100] [--seconds=30] [--burst=3000] [--companies=10]
 *
 * Postgres (DATABASE_URL or embedded) and Kafka (KAFKA_BROKERS or a local broker); api and projector run in this
 * process, and so do the notifier and its mail sender (6 SMTP connections) and an `smtp-server` that accepts every
 * mail. Setup goes through the HTTP api (clubs, ladders, seasons, two players and a match each). Then:
 *  1. latency: `rate` MatchRescheduled events per second are appended to the log open-loop (each at start + i/rate);
 *     each tells both players, so two mails per event; latency = SMTP "accepted" (the end of DATA) − append.
 *  2. throughput: with the notifier stopped, `burst` more events are appended and projected; a notifier is started
 *     and timed until it has decided on all of them (events/s) and until its sender has delivered every mail.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { startMailSender } from '@courtside/api/notifications/mail-sender';
import { startNotifier } from '@courtside/api/notifications/notifier';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { ACCOUNT_API, ADMIN_API, HEALTH_PATH, LADDER_API } from '@courtside/events/api-paths';
import pg from 'pg';
import { Cleanups, startKafka, startPostgres } from './services.ts';
import { round, summarize } from './stats.ts';
import { machineInfo } from './system.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    burst: { type: 'string', default: '3000' },
    companies: { type: 'string', default: '10' },
  },
});
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const burst = Number(values.burst);
const companies = Number(values.companies);

/** A minimal HTTP client with the session and anti-forgery cookies. */
class Http {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async json<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.json('GET', HEALTH_PATH);
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method !== 'GET' ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  process.on('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  try {
    const postgres = await startPostgres(cleanups);
    const kafka = await startKafka(cleanups);
    const databaseUrl = await postgres.createDatabase('bench_notifier');

    // The SMTP server: a mail counts as accepted when its DATA ends (the server answers 250 right after).
    const accepted = new Map<string, number>();
    const codes = new Map<string, string>();
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const at = performance.now();
          const head = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[0]!;
          const id = /^Message-ID: <notification-([0-9a-f-]+-\d+)@/im.exec(head)?.[1];
          if (id) accepted.set(id, at);
          const code = /^Subject: .*?(\d{6})\s*$/im.exec(head)?.[1];
          if (code) codes.set(session.envelope.rcptTo[0]!.address.toLowerCase(), code);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    cleanups.add('stop the SMTP server', () => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const mailUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

    const logger = createLogger({ level: 'warn' });
    const courtside = await startCourtside({
      databaseUrl,
      kafkaBrokers: kafka.brokers,
      kafkaTopic: `courtside.bench.notifier.${randomUUID().slice(0, 8)}`,
      runApi: true,
      runProjector: true,
      port: 0,
      mode: 'development',
      mailUrl,
      logger,
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const base = courtside.url!;
    const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    cleanups.add('close the pool', () => db.end());

    // Setup through the api: per club a manager, a ladder, a season, two players and a match.
    const signUp = async (http: Http) => {
      const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
      const password = 'correct horse battery';
      const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
        email,
        password,
      });
      for (let i = 0; !codes.has(email) && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
      await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify`, {
        refresh: created.body.refresh,
        code: codes.get(email),
      });
      await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password });
      await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: 'Bench Player',
        phoneNumber: { countryCode: '31', number: '0612345678' },
      });
      return created.body.id;
    };
    const today = new Date();
    const isoDay = (offset: number) =>
      new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const matches: Array<{
      companyId: string;
      matchId: string;
      seasonId: string;
      ladderId: string;
      actorId: string;
    }> = [];
    for (let c = 0; c < companies; c++) {
      const manager = new Http(base);
      const managerId = await signUp(manager);
      const company = await manager.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
        name: `Club ${c}`,
      });
      const ladder = await manager.json<{ uuid: string }>(
        'POST',
        `${ADMIN_API}/companies/${company.body.id}/ladders`,
        {
          name: 'Bench Ladder',
          email: 'ladder@club.test',
          sportsCategory: 'TENNISSINGLE',
        },
      );
      const season = await manager.json<{ uuid: string }>(
        'POST',
        `${ADMIN_API}/companies/${company.body.id}/ladders/${ladder.body.uuid}/seasons`,
        {
          name: 'Winter',
          startDate: isoDay(-5),
          endDate: isoDay(90),
          minimumPlayedMatches: 3,
          openForRegistration: true,
          matchType: 'BESTOFTHREE',
        },
      );
      const teamIds: string[] = [];
      for (let p = 0; p < 2; p++) {
        const player = new Http(base);
        await signUp(player);
        const team = await player.json<{ teamId: string }>(
          'POST',
          `${LADDER_API}/seasons/${season.body.uuid}/teams`,
          {},
        );
        await manager.json('POST', `${ADMIN_API}/seasons/${season.body.uuid}/teams/accept`, {
          teamId: team.body.teamId,
        });
        teamIds.push(team.body.teamId);
      }
      const match = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${season.body.uuid}/teams/match`,
        {
          defenderId: teamIds[0],
          challengerId: teamIds[1],
        },
      );
      if (match.status !== 201)
        throw new Error(`setup failed: ${match.status} ${JSON.stringify(match.body)}`);
      matches.push({
        companyId: company.body.id,
        matchId: match.body.matchId,
        seasonId: season.body.uuid,
        ladderId: ladder.body.uuid,
        actorId: managerId,
      });
    }
    console.log(`setup: ${companies} clubs, ${matches.length} matches`);

    const registry = new EventRegistry(productEvents);
    const appendedAt = new Map<string, number>();
    /** performance.now() − Date.now(): to place the notifier's created_at (wall clock) on the bench's clock. */
    const clockOffset = performance.now() - Date.now();
    let minute = 0;
    const append = async (index: number) => {
      const match = matches[index % matches.length]!;
      // A new date each time (one minute later): every event tells both players.
      const at = new Date(Date.UTC(2027, 0, 1) + minute++ * 60_000).toISOString().slice(0, 16);
      const event = registry.create(
        {
          type: 'MatchRescheduled',
          streamId: match.matchId,
          payload: { matchId: match.matchId, seasonId: match.seasonId, ladderId: match.ladderId, date: at },
        },
        {
          companyId: match.companyId,
          actorId: match.actorId,
          correlationId: randomUUID(),
          occurredAt: new Date(),
        },
      );
      appendedAt.set(event.id, performance.now());
      await courtside.log.append(match.companyId, [event]);
    };

    const startParts = () => {
      const sender = startMailSender({
        databaseUrl,
        mailUrl,
        messageIdDomain: '127.0.0.1',
        logger,
        workers: 6,
      });
      const notifier = startNotifier({
        databaseUrl,
        log: courtside.log,
        registry,
        readModelSchema: courtside.readModelSchema,
        clock: () => new Date(),
        publicUrl: base,
        unsubscribeSecret: 'bench-secret-bench-secret',
        logger,
        reminderIntervalMs: 3_600_000,
        onMailQueued: () => sender.wake(),
      });
      return { sender, notifier };
    };
    const outboxWaiting = async () =>
      (
        await db.query<{ waiting: number }>(
          'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE sent_at IS NULL',
        )
      ).rows[0]!.waiting;
    const notifierDone = async () => {
      const head = await courtside.log.head();
      const { rows } = await db.query<{ partition: number; next_offset: string }>(
        'SELECT partition, next_offset FROM courtside.notifier_checkpoints WHERE log = $1',
        [courtside.log.id],
      );
      return Object.entries(head).every(
        ([partition, end]) =>
          Number(rows.find((row) => row.partition === Number(partition))?.next_offset ?? 0) >= end,
      );
    };
    const waitFor = async (check: () => Promise<boolean>, what: string, ms = 300_000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // 1. Latency at `rate` events per second.
    let parts = startParts();
    await parts.notifier.started;
    await waitFor(async () => (await notifierDone()) && (await outboxWaiting()) === 0, 'setup notified');
    const firstLatencyEvent = appendedAt.size;
    const total = rate * seconds;
    const start = performance.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(append(i));
    }
    await Promise.all(sends);
    const appendSeconds = (performance.now() - start) / 1000;
    await waitFor(
      async () => (await notifierDone()) && (await outboxWaiting()) === 0,
      'latency phase drained',
    );
    const { latencies, decided } = await mailLatencies(
      db,
      appendedAt,
      accepted,
      firstLatencyEvent,
      clockOffset,
    );
    await parts.notifier.stop();
    await parts.sender.stop();

    // 2. Throughput: a backlog of `burst` events, projected, then a notifier started on it.
    const before = new Set(appendedAt.keys());
    for (let i = 0; i < burst; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, burst - i) }, (_, k) => append(i + k)));
    }
    await waitFor(async () => {
      const head = await courtside.log.head();
      const { rows } = await db.query<{ partition: number; next_offset: string }>(
        `SELECT partition, next_offset FROM ${courtside.readModelSchema}.checkpoints`,
      );
      return Object.entries(head).every(
        ([partition, end]) =>
          Number(rows.find((row) => row.partition === Number(partition))?.next_offset ?? 0) >= end,
      );
    }, 'projector caught up');
    const burstStart = performance.now();
    parts = startParts();
    await waitFor(notifierDone, 'notifier caught up with the burst');
    const decidedSeconds = (performance.now() - burstStart) / 1000;
    await waitFor(async () => (await outboxWaiting()) === 0, 'burst mailed');
    const mailedSeconds = (performance.now() - burstStart) / 1000;
    await parts.notifier.stop();
    await parts.sender.stop();
    const burstMails = [...appendedAt.keys()].filter((id) => !before.has(id)).length * 2;

    const machine = machineInfo();
    console.log(
      JSON.stringify(
        {
          machine,
          log: `kafka (${kafka.origin})`,
          postgres: postgres.origin,
          latency: {
            rate,
            seconds,
            events: total,
            appendSeconds: round(appendSeconds),
            mails: latencies.length,
            eventToSmtpAcceptedMs: summarize(latencies),
            eventToDecidedMs: summarize(decided),
          },
          throughput: {
            events: burst,
            decidedSeconds: round(decidedSeconds),
            eventsPerSecond: round(burst / decidedSeconds),
            mails: burstMails,
            mailedSeconds: round(mailedSeconds),
            mailsPerSecond: round(burstMails / mailedSeconds),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await cleanups.runAll();
  }
}

/** Per mail of the latency phase: SMTP accepted − the append of the event it tells of; and when it was decided. */
async function mailLatencies(
  db: pg.Pool,
  appendedAt: Map<string, number>,
  accepted: Map<string, number>,
  skip: number,
  clockOffset: number,
): Promise<{ latencies: number[]; decided: number[] }> {
  const wanted = new Set([...appendedAt.keys()].slice(skip));
  const { rows } = await db.query<{ id: string; source: string; created_at: Date }>(
    `SELECT n.account_id || '-' || n.number AS id, n.source, n.created_at FROM courtside.notifications n
     JOIN courtside.mail_outbox o ON o.notification_id = n.id WHERE n.source = ANY($1)`,
    [[...wanted]],
  );
  const latencies: number[] = [];
  const decided: number[] = [];
  for (const row of rows) {
    const sent = accepted.get(row.id);
    const appended = appendedAt.get(row.source);
    if (sent === undefined || appended === undefined) continue;
    latencies.push(sent - appended);
    decided.push(row.created_at.getTime() + clockOffset - appended);
  }
  return { latencies, decided };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
