import { afterAll, beforeAll } from 'vitest';
import {
  defaultWebDistDir,
  startCourtside,
  type CourtsideConfig,
  type RunningCourtside,
} from '@courtside/api/courtside';
import type { CommandBounds } from '@courtside/api/commands/command-bus';
import { createLogger } from '@courtside/api/observability/logger';
import { eventLogFrom } from '@courtside/eventlog/log/from-config';
import type { EventLog } from '@courtside/eventlog/log/port';
import { notesModule } from '../spine/notes-module.ts';
import { readCodesFrom, readCodesFromSmtp } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import { createTestDatabase, kafkaBrokers, uniqueTopic } from './services.ts';
import { SmtpCollector } from './smtp.ts';

type LogKind = 'embedded' | 'kafka';
export const logKinds: LogKind[] = ['embedded', 'kafka'];

export interface TestBackend {
  databaseUrl: string;
  kafkaBrokers?: string[];
  kafkaTopic?: string;
}

/** A database (and, for Kafka, a topic) of its own: one installation of Courtside. */
export async function createBackend(kind: LogKind): Promise<TestBackend> {
  const databaseUrl = await createTestDatabase('spine');
  return kind === 'kafka'
    ? { databaseUrl, kafkaBrokers: kafkaBrokers(), kafkaTopic: uniqueTopic('spine') }
    : { databaseUrl };
}

/** A client of the backend's event log, as another process of that installation would open it. */
export function openLog(backend: TestBackend): Promise<EventLog> {
  return eventLogFrom(backend);
}

/**
 * The command bounds of a test's Courtside: long ones. A test of anything but the bounds asserts what a command
 * does, not how fast; with the product's bounds a machine at load 15-20 answered `202` (projected after 1.5 s) or
 * `503 BUSY` where such tests wait for a `201`. The benchmarks measure the times.
 */
export const PATIENT_COMMAND_BOUNDS: CommandBounds = {
  projectionWaitMs: 30_000,
  answerWithinMs: 30_000,
  crowdedAnswerWithinMs: 30_000,
  maxQueueWaitMs: 30_000,
};

/** The product's own bounds (DESIGN.md §1), for the tests of the bounds, outages and overload. */
export const PRODUCT_COMMAND_BOUNDS: CommandBounds = {};

/**
 * Starts api and/or projector in this process on a free port, with the test's own notes module and long command
 * bounds (`commandBounds: PRODUCT_COMMAND_BOUNDS` for the product's). Tests ask for development by name: they read
 * sign-up codes from the dev outbox.
 */
export function startTestCourtside(
  backend: TestBackend,
  overrides: Partial<CourtsideConfig> = {},
): Promise<RunningCourtside> {
  return startCourtside({
    ...backend,
    runApi: true,
    runProjector: true,
    port: 0,
    mode: 'development',
    // Cheap hashes: the suite signs up about a thousand accounts (docs/decisions/accounts-and-sessions.md, "Password hashing in tests").
    passwordHashing: { N: 2 ** 10, r: 8, p: 1 },
    // Every test signs up from 127.0.0.1: the sign-up limit's own test asks for the real one.
    signUpsPerAddress: 100_000,
    extraModules: [notesModule],
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    commandBounds: PATIENT_COMMAND_BOUNDS,
    ...overrides,
  });
}

export interface CourtsideOptions extends Partial<CourtsideConfig> {
  /** The event log: embedded (the default) or a topic of its own on the run's Kafka broker. */
  log?: LogKind;
  /** Serves the production build of the web app, for browser tests. */
  web?: boolean;
  /** Mails through the outbox to a real SMTP server (`smtp`); sign-up codes are then read there. */
  smtp?: boolean;
}

/**
 * A running Courtside of a describe block: what `RunningCourtside` has (its log, read-model schema, deadline
 * process…), and more. Read it inside the tests: it is there once the block has started.
 */
export interface TestCourtside extends Omit<RunningCourtside, 'url' | 'stop'> {
  /** Courtside's address. */
  readonly url: string;
  readonly courtside: RunningCourtside;
  /** Its database (and Kafka topic), for a test that opens the log or the tables itself. */
  readonly backend: TestBackend;
  /** The SMTP server it mails to (only with `smtp: true`). */
  readonly smtp: SmtpCollector;
  /** A new HTTP client of Courtside: one person, signed out. */
  client(): HttpClient;
  /** Stops Courtside and starts it again on the same database, log and SMTP server, as a redeploy does. */
  restart(): Promise<void>;
}

/**
 * The one way a describe block starts Courtside: a database of its own, api and projector in this process, started
 * before the block's tests and stopped after them. Options: `log: 'kafka'`, `web: true` (serves the web app),
 * `smtp: true` (a real SMTP server, sign-up codes read there), and any `CourtsideConfig` field.
 */
export function courtsideForTests({
  log = 'embedded',
  web = false,
  smtp: withSmtp = false,
  ...overrides
}: CourtsideOptions = {}): TestCourtside {
  let started: { courtside: RunningCourtside; backend: TestBackend } | undefined;
  const smtp = withSmtp ? new SmtpCollector() : undefined;
  const start = (backend: TestBackend) =>
    startTestCourtside(backend, {
      ...(web ? { webDistDir: defaultWebDistDir } : {}),
      ...(smtp ? { mailUrl: smtp.url, mailRetryBaseMs: 100 } : {}),
      ...overrides,
    });
  beforeAll(async () => {
    if (smtp) {
      await smtp.start();
      readCodesFromSmtp(smtp);
    }
    const backend = await createBackend(log);
    started = { courtside: await start(backend), backend };
  });
  afterAll(async () => {
    if (smtp) readCodesFrom(undefined);
    await started?.courtside.stop();
    await smtp?.stop();
  });
  const running = (): NonNullable<typeof started> => {
    if (!started) throw new Error('Courtside is not running: read its fields inside a test');
    return started;
  };
  const harness = {
    get url() {
      const { url } = running().courtside;
      if (!url) throw new Error('Courtside runs no api: it has no address');
      return url;
    },
    get courtside() {
      return running().courtside;
    },
    get backend() {
      return running().backend;
    },
    get smtp() {
      if (!smtp) throw new Error('Courtside mails to no SMTP server: start it with { smtp: true }');
      return smtp;
    },
    client: () => new HttpClient(harness.url),
    async restart() {
      const { courtside, backend } = running();
      await courtside.stop();
      started = { courtside: await start(backend), backend };
    },
  };
  // What the harness does not have itself comes from the Courtside running now (a restart starts another).
  return new Proxy(harness, {
    get: (target, key, receiver) =>
      key in target ? Reflect.get(target, key, receiver) : started && Reflect.get(started.courtside, key),
  }) as unknown as TestCourtside;
}
