import path from 'node:path';
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
  /** Commands one api process runs at once; the next are answered 503 at once (docs/performance.md). */
  COMMANDS_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_IN_FLIGHT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type Environment = z.infer<typeof environmentSchema> & { dataDir: string };

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
  return { ...parsed.data, dataDir: path.resolve(parsed.data.COURTSIDE_DATA_DIR) };
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
