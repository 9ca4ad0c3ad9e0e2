import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { kafkaLogLevels } from '@courtside/eventlog/log/kafka';
import { DEFAULT_MAX_IN_FLIGHT } from './commands/command-bus.ts';

/**
 * Production unless development is asked for by name: a deployment that forgets NODE_ENV must not open the
 * dev outbox (anyone's sign-up code) to the world.
 */
export const modes = ['production', 'development'] as const;
export type Mode = (typeof modes)[number];

/** An empty value (`VAR=` in an .env file, `${VAR:-}` in compose) means unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(modes, { error: 'Use production (the default) or development' }).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: optional(z.string().url()),
  KAFKA_BROKERS: optional(z.string()).transform((value) =>
    value
      ?.split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
  ),
  KAFKA_TOPIC: z.string().default('courtside.events'),
  /** kafkajs' own log lines (on stderr); `debug` when a broker connection needs looking into. */
  KAFKAJS_LOG_LEVEL: optional(
    z.enum(kafkaLogLevels, { error: 'Use nothing, error, warn, info or debug' }),
  ).transform((value) => value ?? 'warn'),
  COURTSIDE_DATA_DIR: z.string().default('.courtside'),
  /** SMTP URL (smtp://user:pass@host:587); required in production, unset in development: the dev outbox. */
  MAIL_URL: optional(z.string().url()),
  /** The From of every mail: sign-up codes and notifications (`Club <ladder@club.example>`). */
  MAIL_FROM: optional(z.string().min(3)),
  /** Shared secret for anti-forgery tokens; unset: the processes share one kept in Postgres. */
  COURTSIDE_SECRET: optional(z.string().min(16, 'Use at least 16 characters')),
  /** Behind a reverse proxy: take the client address from the one X-Forwarded-For entry the proxy wrote. */
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The address people reach Courtside at (https://ladders.example.org), without /webapps: every absolute link that
   * leaves the browser (mails, calendar feeds) starts with it. Required in production (DESIGN.md §19). Unset in
   * development: the request's own origin when it names this machine (localhost, 127.0.0.0/8, ::1), else
   * http://127.0.0.1:{PORT}; never a Host header someone else wrote.
   */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'Use an http(s) address such as https://ladders.example.org' })
      .transform((value) => value.replace(/\/+$/, '')),
  ),
  /**
   * The VAPID key pair (RFC 8292, base64url) that signs the pushes to phones (DESIGN.md §17); `npx web-push
   * generate-vapid-keys` makes one. Required in production; unset in development: a pair made on the first start and
   * kept in the data folder (`vapid-keys.json`).
   */
  VAPID_PUBLIC_KEY: optional(base64urlOfLength(65, 'an uncompressed P-256 public key')),
  VAPID_PRIVATE_KEY: optional(base64urlOfLength(32, 'a P-256 private key')),
  /** Commands one api process runs at once; the next are answered 503 at once (docs/performance.md). */
  COMMANDS_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_IN_FLIGHT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type Environment = z.infer<typeof environmentSchema> & { dataDir: string; vapid: VapidKeys | undefined };

/** The server's VAPID key pair, base64url (DESIGN.md §17). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function base64urlOfLength(bytes: number, what: string) {
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `Use ${what} in base64url`)
    .refine(
      (value) => Buffer.from(value, 'base64url').length === bytes,
      `Use ${what}: ${bytes} bytes in base64url`,
    );
}

const roles = ['all', 'api', 'projector', 'notifier', 'webhooks'] as const;
type Role = (typeof roles)[number];

/**
 * The only place that reads the process environment: once, with a readable error for a bad value. A process
 * that serves the api or mails in production without MAIL_URL or PUBLIC_URL refuses to start.
 */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env, role: Role = 'all'): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  assertMailConfigured(parsed.data.NODE_ENV, parsed.data.MAIL_URL, role !== 'projector');
  assertPublicUrlConfigured(parsed.data.NODE_ENV, parsed.data.PUBLIC_URL, role !== 'projector');
  const dataDir = path.resolve(parsed.data.COURTSIDE_DATA_DIR);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = parsed.data;
  if (!publicKey !== !privateKey)
    throw new Error('Bad configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  let vapid = publicKey && privateKey ? { publicKey, privateKey } : undefined;
  if (!vapid && parsed.data.NODE_ENV === 'development' && role !== 'projector')
    vapid = keptVapidKeys(dataDir);
  assertVapidConfigured(parsed.data.NODE_ENV, vapid, role !== 'projector');
  return { ...parsed.data, dataDir, vapid };
}

/** Without VAPID keys no push service takes a push, and a new pair would end every phone's subscription. */
export function assertVapidConfigured(mode: Mode, vapid: VapidKeys | undefined, pushes: boolean): void {
  if (mode === 'production' && pushes && !vapid) {
    throw new Error(
      'Bad configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (make a pair once with ' +
        '`npx web-push generate-vapid-keys` and keep it: a new pair ends every phone’s subscription). For a ' +
        'development install set NODE_ENV=development.',
    );
  }
}

/** Development: the pair in the data folder, made on the first start and kept for the next ones. */
function keptVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = z
      .object({
        publicKey: base64urlOfLength(65, 'a public key'),
        privateKey: base64urlOfLength(32, 'a key'),
      })
      .parse(JSON.parse(readFileSync(file, 'utf8')));
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`Bad VAPID keys in ${file}`, { cause: error });
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  // `wx`: two processes starting at once do not overwrite each other's pair; the loser reads the winner's.
  try {
    writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return keptVapidKeys(dataDir);
    throw error;
  }
  return { publicKey: made.publicKey, privateKey: made.privateKey };
}

/** Without SMTP the sign-up codes could only go to the dev outbox, which production does not have. */
export function assertMailConfigured(mode: Mode, mailUrl: string | undefined, runsApi: boolean): void {
  if (mode === 'production' && runsApi && !mailUrl) {
    throw new Error(
      'Bad configuration: MAIL_URL is required in production (smtp://user:pass@host:587), so sign-up codes ' +
        'reach people. For a development install without mail set NODE_ENV=development (the dev outbox).',
    );
  }
}

/**
 * Without PUBLIC_URL the links in mails (password reset, invitations) would have to come from the request's Host
 * header, which whoever sends the request writes (DESIGN.md §19 "Links in mails").
 */
export function assertPublicUrlConfigured(mode: Mode, publicUrl: string | undefined, mails: boolean): void {
  if (mode === 'production' && mails && !publicUrl) {
    throw new Error(
      'Bad configuration: PUBLIC_URL is required in production (the address people reach Courtside at, such as ' +
        'https://ladders.example.org): every link in a mail starts with it. For a development install set ' +
        'NODE_ENV=development.',
    );
  }
}

export function readRole(argv: readonly string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length) ?? 'all';
  const known = roles.find((candidate) => candidate === role);
  if (!known) throw new Error(`Unknown role ${role}`);
  return known;
}
