import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import webpush from 'web-push';
import { createPool } from '@courtside/eventlog/db/pool';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { eventLogFrom } from '@courtside/eventlog/log/from-config';
import type { KafkaLogLevel } from '@courtside/eventlog/log/kafka';
import type { EventLog } from '@courtside/eventlog/log/port';
import { productProjections } from '@courtside/projector/catalog';
import { startProjector, type Projector } from '@courtside/projector/projector';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { createApp, type RouteInfo } from './app.ts';
import { migrateCourtside } from './database-schema.ts';
import type { InFlightRequests } from './http/in-flight.ts';
import { purposeKey } from './http/purpose-keys.ts';
import { isOwnOrigin } from './http/public-url.ts';
import {
  assertMailConfigured,
  assertPublicUrlConfigured,
  assertVapidConfigured,
  type Mode,
  type VapidKeys,
} from './config.ts';
import { PasswordHasher, type ScryptSettings } from './accounts/passwords.ts';
import { SessionStore, sessionIdFromCookieHeader } from './accounts/sessions.ts';
import { createMailer } from './mail/mailer.ts';
import { DeadlineProcess } from './challenges/deadline-process.ts';
import { DevClock } from './dev/dev-clock.ts';
import { CommandBus, DEFAULT_MAX_IN_FLIGHT, type CommandBounds } from './commands/command-bus.ts';
import { ProjectionTracker } from '@courtside/projector/projection-tracker';
import { PublicAnswerCache } from './http/public-answer-cache.ts';
import { writeArrival } from './http/write-admission.ts';
import { readProjectorStatus } from '@courtside/projector/projector-status';
import { startLiveServer } from './live/live-server.ts';
import type { AppServices, CourtsideModule } from './module.ts';
import { productModules } from './modules.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import { startMailSender, type MailSender } from './notifications/mail-sender.ts';
import { clubTimeZone, startNotifier, type Notifier } from './notifications/notifier.ts';
import { sendWaitingDigests } from './notifications/waiting-digest.ts';
import { startNotificationPushes } from './notifications/notification-pushes.ts';
import { readNotifierStatus } from './notifications/notifier-status.ts';
import { startPushSender, type PushSender } from './notifications/push-sender.ts';
import { startWebhookConsumer, type WebhookConsumer } from './webhooks/webhook-consumer.ts';
import { startWebhookSender, type WebhookSender } from './webhooks/webhook-sender.ts';

export interface CourtsideConfig {
  databaseUrl: string;
  /**
   * scrypt settings for new password hashes; OWASP's by default. Only code sets it (the test harness, whose
   * thousand sign-ups would spend minutes of CPU on hashing); no environment variable weakens it.
   */
  passwordHashing?: ScryptSettings;
  /**
   * Sign-ups one network address may make in 15 minutes (DESIGN.md §19; SIGN_UPS_PER_ADDRESS by default). Only code
   * raises it: the test harness and the benches, which sign everyone up from 127.0.0.1.
   */
  signUpsPerAddress?: number;
  /** Set: the log is Kafka; unset: the embedded Postgres log. */
  kafkaBrokers?: string[];
  kafkaTopic?: string;
  /** kafkajs' own log lines; default `warn`. */
  kafkaLogLevel?: KafkaLogLevel;
  runApi: boolean;
  runProjector: boolean;
  /** The notifier (DESIGN.md §6) and its mail sender; default false. */
  runNotifier?: boolean;
  /** The From of every mail (sign-up codes and notifications). */
  mailFrom?: string;
  /** How often the notifier looks for challenge answers due within a day (default a minute). */
  reminderIntervalMs?: number;
  /** The webhooks consumer (`courtside.webhooks`) and its sender (DESIGN.md §18); default false. */
  runWebhooks?: boolean;
  /** How often an idle webhook sender looks at its outbox (default a second). */
  webhookPollMs?: number;
  /** The mail sender's first retry delay (doubling after each failure). */
  mailRetryBaseMs?: number;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Added after the product's own modules: tests define their own commands, events and read models. */
  extraModules?: readonly CourtsideModule[];
  webDistDir?: string;
  readModelSchema?: string;
  logger?: Logger;
  clock?: () => Date;
  /** How often the api looks for deadlines that ran out (expired challenges). */
  deadlineIntervalMs?: number;
  /**
   * The command bus's bounds (DESIGN.md §1: an answer within 2 s, a `202` when the projection is later); unset: the
   * product's. Tests of other things give longer ones, so a loaded machine does not turn their `201` into a `202`.
   */
  commandBounds?: CommandBounds;
  /** Commands one api process runs at once before it answers "overloaded" (503) at once; default 32. */
  commandsMaxInFlight?: number;
  /** SMTP URL for real mail; unset: the dev outbox (development only). */
  mailUrl?: string;
  /** `production` unless given: development routes (the dev outbox) exist only where development is asked for. */
  mode?: Mode;
  /** Behind a reverse proxy: the client address is the one the proxy saw (its own X-Forwarded-For entry). */
  trustProxy?: boolean;
  /** Shared secret for anti-forgery tokens; unset: one kept in Postgres, shared by every process. */
  secret?: string;
  /**
   * Where people reach Courtside (no trailing slash, no /webapps): every link in a mail or a feed. Required in
   * production; unset in development: a request's own origin when it is a loopback one, else http://127.0.0.1:{port}.
   */
  publicUrl?: string;
  /**
   * The VAPID key pair that signs pushes to phones (DESIGN.md §17). Required in production; unset in development: a
   * pair kept in Postgres, shared by every process of the installation (`npm start` gives the data folder's).
   */
  vapid?: VapidKeys;
  /** A push service that has not answered in this time is cut off (default 10 s). */
  pushTimeoutMs?: number;
  /** The push sender's first retry delay (doubling after each failure). */
  pushRetryBaseMs?: number;
}

/** How long a read of the live channel may take before it gives up (a subscription is then answered `retry`). */
const LIVE_READ_TIMEOUT_MS = 5_000;

export interface RunningCourtside {
  /** http://host:port when the api runs. */
  url: string | undefined;
  /** The api's routes, when the api runs. */
  routes: RouteInfo[];
  log: EventLog;
  readModelSchema: string;
  projector: Projector | undefined;
  notifier: Notifier | undefined;
  /** The webhooks consumer and sender, when this process runs them. */
  webhooks: { consumer: WebhookConsumer; sender: WebhookSender } | undefined;
  /** One pass of the deadline process now (the api runs it every `deadlineIntervalMs` by itself). */
  runDeadlines: (() => Promise<void>) | undefined;
  stop(): Promise<void>;
}

/** How long an idle kept-alive connection stays open: longer than any client's or proxy's own idle timeout. */
const KEEP_ALIVE_MS = 65_000;
const LISTEN_BACKLOG = 4096;
/** Writes one api process takes at once (reading, signing in, parsing, queued, running), per command it runs. */
const WRITES_UNDER_WAY_PER_COMMAND_SLOT = 2;

export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Starts the parts of Courtside this process runs (api, projector, or both) against one database and log. */
export async function startCourtside(config: CourtsideConfig): Promise<RunningCourtside> {
  const mode = config.mode ?? 'production';
  assertMailConfigured(mode, config.mailUrl, config.runApi || (config.runNotifier ?? false));
  assertPublicUrlConfigured(mode, config.publicUrl, config.runApi || (config.runNotifier ?? false));
  assertVapidConfigured(mode, config.vapid, config.runApi || (config.runNotifier ?? false));
  const logger = config.logger ?? createLogger();
  // In development the clock can be moved forward (the dev clock route); elsewhere it is the given or real time.
  const devClock = mode === 'development' ? new DevClock(config.clock) : undefined;
  const clock = devClock?.now ?? config.clock ?? (() => new Date());
  const schema = config.readModelSchema ?? liveReadModelSchema;
  const modules = [...productModules, ...(config.extraModules ?? [])];
  const registry = new EventRegistry([...productEvents, ...modules.flatMap((module) => module.events ?? [])]);
  const projections = [...productProjections, ...modules.flatMap((module) => module.projections ?? [])];
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) {
      await step().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
  };

  try {
    await migrateCourtside(config.databaseUrl, schema, projections);
    const onLogError = (error: unknown) => logger.warn({ err: error }, 'event log error');
    const log = await eventLogFrom({
      databaseUrl: config.databaseUrl,
      kafkaBrokers: config.kafkaBrokers,
      kafkaTopic: config.kafkaTopic,
      kafkaLogLevel: config.kafkaLogLevel,
      onError: onLogError,
    });
    stops.push(() => log.close());

    const db = createPool(config.databaseUrl, { max: 10, onError: onLogError });
    stops.push(() => db.end());
    const metrics = createMetrics(
      async () => {
        const status = await readProjectorStatus(db, log, schema);
        return { lag: status.lag, quarantinedCompanies: status.quarantined.length };
      },
      async () => {
        const status = await readNotifierStatus(db, log);
        return { lag: status.lag, outboxSize: status.outboxSize, outboxFailed: status.outboxFailed };
      },
    );
    const unsubscribeSecret = await sharedSecret(db, 'unsubscribe', config.secret);
    // Production has them (asserted above); a process that neither serves the api nor notifies needs none.
    const vapid =
      config.vapid ?? (config.runApi || config.runNotifier ? await storedVapidKeys(db) : undefined);

    let projector: Projector | undefined;
    if (config.runProjector) {
      projector = startProjector({
        databaseUrl: config.databaseUrl,
        log,
        registry,
        projections,
        schema,
        logger: logger.child({ component: 'projector' }),
        onProjected: (events) => metrics.eventsProjected.inc({ log: log.kind }, events),
      });
      stops.push(() => projector!.stop());
      await projector.started;
    }

    // The outbox's sender of this process, once it runs (after the api listens: its address names the Message-IDs).
    let sender: MailSender | undefined;
    let webhookSender: WebhookSender | undefined;
    let url: string | undefined;
    let routes: RouteInfo[] = [];
    let runDeadlines: (() => Promise<void>) | undefined;
    if (config.runApi) {
      const readModels = readModelPool(config.databaseUrl, schema, onLogError);
      stops.push(() => readModels.end());
      // Separate pools, so that commands waiting for a company's lock never hold up queries or live pushes.
      // The live channel's reads (a subscription's catch-up, a push's rows) are bounded: one that waits on a lock is
      // answered "ask again" instead of leaving the page with no answer (docs/decisions/log-and-consumers.md).
      const livePool = createPool(config.databaseUrl, {
        max: 3,
        onError: onLogError,
        statementTimeoutMs: LIVE_READ_TIMEOUT_MS,
      });
      const lockPool = createPool(config.databaseUrl, { max: 5, pipeline: true, onError: onLogError });
      stops.push(
        () => livePool.end(),
        () => lockPool.end(),
      );
      const tracker = new ProjectionTracker(livePool, config.databaseUrl, schema, onLogError);
      const publicAnswers = new PublicAnswerCache();
      tracker.onAdvance(() => publicAnswers.invalidate());
      await tracker.start();
      stops.push(() => tracker.close());
      const commands = new CommandBus({
        lockPool,
        readModels,
        log,
        readModelSchema: schema,
        registry,
        tracker,
        clock,
        ...config.commandBounds,
        maxInFlight: config.commandsMaxInFlight,
        arrival: writeArrival,
        onExecuted: (name, outcome, seconds) => {
          metrics.commandDuration.observe({ command: name, outcome }, seconds);
        },
        onAppended: (events) => metrics.eventsAppended.inc({ log: log.kind }, events),
      });
      stops.push(async () => commands.close());
      const mailer = createMailer({ mailUrl: config.mailUrl, db, wakeSender: () => sender?.wake() });
      const deadlines = new DeadlineProcess({
        commands,
        readModels,
        clock,
        logger: logger.child({ component: 'deadlines' }),
        intervalMs: config.deadlineIntervalMs ?? 60_000,
        jobs: [
          {
            name: 'waiting teams digest',
            run: () =>
              sendWaitingDigests({
                readModels,
                readModelSchema: schema,
                db,
                mailer,
                clock,
                timeZone: clubTimeZone(),
                // Links from PUBLIC_URL alone (DESIGN.md §19), else this process on loopback.
                publicUrl: () =>
                  config.publicUrl ??
                  `http://127.0.0.1:${(url ? Number(new URL(url).port) : undefined) || config.port || 8080}`,
                unsubscribeSecret,
              }),
          },
        ],
      });
      // One stored secret, a key of its own for each thing it signs (http/purpose-keys.ts).
      const signingSecret = await sharedSecret(db, 'xsrf', config.secret);
      const xsrfSecret = purposeKey(signingSecret, 'anti-forgery token');
      const invitationSecret = purposeKey(signingSecret, 'invitation link');
      const calendarSecret = await sharedSecret(db, 'calendar', config.secret);
      const sessions = new SessionStore(db, clock);
      const services: AppServices = {
        commands,
        readModels,
        db,
        clock,
        logger,
        mailer,
        sessions,
        passwords: new PasswordHasher(config.passwordHashing),
        xsrfSecret,
        invitationSecret,
        calendarSecret,
        ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
        ...(config.signUpsPerAddress ? { signUpsPerAddress: config.signUpsPerAddress } : {}),
        unsubscribeSecret,
        vapidPublicKey: vapid!.publicKey,
        mode,
        deadlines,
        publicAnswers,
        wakeWebhookSender: () => webhookSender?.wake(),
        ...(devClock ? { devClock } : {}),
      };
      const app = createApp({
        services,
        modules,
        log,
        readModelSchema: schema,
        metrics,
        webDistDir: config.webDistDir,
        trustProxy: config.trustProxy ?? false,
        // Room for every command the bus may run and as many waiting for their turn; beyond, writes are answered at
        // once (4× let a burst's admitted commands take p99 1.9–2.3 s: docs/performance.md).
        maxWritesUnderWay:
          WRITES_UNDER_WAY_PER_COMMAND_SLOT * (config.commandsMaxInFlight ?? DEFAULT_MAX_IN_FLIGHT),
        commandsFull: () => commands.isFull(),
      });
      routes = app.routes;
      const server = createServer(app.requestListener);
      // An idle kept-alive connection is closed by the client or the proxy first (undici after 4 s, load balancers
      // after 60 s): a server closing it first races a request sent on the closing socket (ECONNRESET, seen in CI).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1_000;
      server.on('clientError', answerClientError);
      const live = startLiveServer({
        httpServer: server,
        pool: livePool,
        readModelSchema: schema,
        tracker,
        authorizers: modules.flatMap((module) => module.roomAuthorizers?.(services) ?? []),
        viewerOf: async (cookie, sessionHeader) => {
          const session = await sessions.find(sessionHeader ?? sessionIdFromCookieHeader(cookie));
          return { accountId: session?.accountId, sessionHash: session?.idHash };
        },
        isOwnOrigin: (origin, host) => isOwnOrigin(origin, { publicUrl: config.publicUrl, host }),
        onError: (error) => logger.error({ err: error }, 'live channel error'),
        onEmitted: (event, seconds) => metrics.liveEmitDuration.observe({ event }, seconds),
      });
      const notificationPushes = startNotificationPushes({
        databaseUrl: config.databaseUrl,
        io: live.io,
        onError: (error) => logger.warn({ err: error }, 'notification pushes error'),
      });
      await notificationPushes.ready;
      stops.push(() => notificationPushes.close());
      // Connections waiting to be accepted: Node's default of 511 dropped the rest of a burst of 2,000, and their
      // clients tried again 1 and 3 s later. The kernel caps it at net.core.somaxconn.
      server.listen({ port: config.port ?? 0, host: config.host ?? '127.0.0.1', backlog: LISTEN_BACKLOG });
      await once(server, 'listening');
      stops.push(async () => {
        const closed = closeServer(server, app.inFlight);
        await live.close();
        await closed;
      });
      deadlines.start();
      stops.push(() => deadlines.stop());
      runDeadlines = () => deadlines.runOnce();
      const address = server.address() as AddressInfo;
      url = `http://${address.address}:${address.port}`;
      logger.info({ url: `${url}/webapps/`, log: log.kind }, 'api listening');
    }

    // Links in the notifier's mails (DESIGN.md §19): PUBLIC_URL, which production requires; in development this
    // machine's loopback address, never the address the api listens on (0.0.0.0 or a LAN address is no link).
    const listeningPort = url ? Number(new URL(url).port) : undefined;
    const publicUrl = config.publicUrl ?? `http://127.0.0.1:${listeningPort || config.port || 8080}`;
    // The notifier's mails, and the api's own (sign-up codes) when they go over SMTP: every process that mails
    // delivers the outbox, several senders share it (the mail of a route never waits for the mail server).
    if (config.runNotifier || ((config.runApi || config.runWebhooks) && config.mailUrl)) {
      sender = startMailSender({
        databaseUrl: config.databaseUrl,
        mailUrl: config.mailUrl,
        from: config.mailFrom,
        messageIdDomain: new URL(publicUrl).hostname || 'courtside.invalid',
        logger: logger.child({ component: 'mail-sender' }),
        ...(config.runNotifier ? {} : { workers: 2 }),
        baseDelayMs: config.mailRetryBaseMs,
        onSent: () => metrics.mailsSent.inc(),
        onFailed: () => metrics.mailSendFailures.inc(),
      });
      stops.push(() => sender!.stop());
    }

    // Pushes to phones (DESIGN.md §17), from the notifier's process: a sender of their own, so that a push service that
    // is slow or down holds up no mail.
    let pushSender: PushSender | undefined;
    if (config.runNotifier) {
      pushSender = startPushSender({
        databaseUrl: config.databaseUrl,
        vapid: vapid!,
        subject: publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@courtside.invalid',
        clock,
        logger: logger.child({ component: 'push-sender' }),
        ...(config.pushTimeoutMs === undefined ? {} : { timeoutMs: config.pushTimeoutMs }),
        ...(config.pushRetryBaseMs === undefined ? {} : { baseDelayMs: config.pushRetryBaseMs }),
        onSent: () => metrics.pushesSent.inc(),
        onFailed: () => metrics.pushSendFailures.inc(),
      });
      stops.push(() => pushSender!.stop());
    }

    let notifier: Notifier | undefined;
    if (config.runNotifier) {
      notifier = startNotifier({
        databaseUrl: config.databaseUrl,
        log,
        registry,
        readModelSchema: schema,
        clock,
        publicUrl,
        unsubscribeSecret,
        logger: logger.child({ component: 'notifier' }),
        reminderIntervalMs: config.reminderIntervalMs,
        onMailQueued: () => sender?.wake(),
        onPushQueued: () => pushSender?.wake(),
        onNotified: (events) => metrics.eventsNotified.inc({ log: log.kind }, events),
      });
      stops.push(() => notifier!.stop());
      await notifier.started;
    }

    let webhooks: RunningCourtside['webhooks'];
    if (config.runWebhooks) {
      webhookSender = startWebhookSender({
        databaseUrl: config.databaseUrl,
        readModelSchema: schema,
        mode,
        clock,
        mailUrl: config.mailUrl,
        wakeMailSender: () => sender?.wake(),
        logger: logger.child({ component: 'webhook-sender' }),
        pollMs: config.webhookPollMs,
      });
      stops.push(() => webhookSender!.stop());
      const consumer = startWebhookConsumer({
        databaseUrl: config.databaseUrl,
        log,
        registry,
        readModelSchema: schema,
        clock,
        logger: logger.child({ component: 'webhooks' }),
        onQueued: () => webhookSender?.wake(),
      });
      stops.push(() => consumer.stop());
      await consumer.started;
      webhooks = { consumer, sender: webhookSender };
    }

    return { url, routes, log, readModelSchema: schema, projector, notifier, webhooks, runDeadlines, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readModelPool(databaseUrl: string, schema: string, onError: (error: unknown) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: `-c search_path=${schema},public`,
  });
  pool.on('error', onError);
  return pool;
}

/**
 * Stops taking connections, lets requests in flight finish, then closes idle keep-alive sockets. The server's close
 * waits for connections only, and a handler goes on after its client hung up: those finish too (at most 10 s more),
 * before the caller closes the pools under them.
 */
async function closeServer(server: Server, inFlight: InFlightRequests): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearTimeout(force);
  await inFlight.drained(10_000);
}

async function sharedSecret(
  db: pg.Pool,
  name: string,
  configured: string | undefined,
  made = randomBytes(32).toString('base64url'),
): Promise<string> {
  if (configured) return `${configured}:${name}`;
  await db.query(
    'INSERT INTO courtside.secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, made],
  );
  const { rows } = await db.query<{ value: string }>('SELECT value FROM courtside.secrets WHERE name = $1', [
    name,
  ]);
  return rows[0]!.value;
}

/**
 * Development without VAPID keys given (a library start; `npm start` gives the data folder's): one pair kept in
 * Postgres, so that every process of the installation signs with the key its browsers subscribed with.
 */
async function storedVapidKeys(db: pg.Pool): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  const value = await sharedSecret(db, 'vapid', undefined, `${made.publicKey}.${made.privateKey}`);
  const [publicKey, privateKey] = value.split('.');
  return { publicKey: publicKey!, privateKey: privateKey! };
}

/**
 * A request Node refuses before Koa sees it (headers or address too long, malformed HTTP) still gets a JSON
 * answer like every other 4xx.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
  const body = JSON.stringify({
    error: status === 431 ? 'The address or headers of the request are too long' : 'Malformed request',
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
