/**
 * The backing services of a bench run: Postgres (DATABASE_URL, else an embedded throw-away cluster) and Kafka
 * (KAFKA_BROKERS, else a local KRaft broker). Everything started here is registered with `cleanups`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { KAFKA_VERSION, startKafkaBroker } from '@courtside/infra/kafka/broker';
import { startEmbeddedPostgres } from '@courtside/infra/postgres/embedded';

/** Cleanup steps, run last-in first-out, each at most once, errors reported and skipped. */
export class Cleanups {
  private readonly steps: Array<{ label: string; run: () => Promise<unknown> | unknown }> = [];

  add(label: string, run: () => Promise<unknown> | unknown): () => Promise<void> {
    const step = { label, run };
    this.steps.push(step);
    return async () => {
      const index = this.steps.indexOf(step);
      if (index < 0) return;
      this.steps.splice(index, 1);
      await runStep(step);
    };
  }

  async runAll(): Promise<void> {
    while (this.steps.length > 0) await runStep(this.steps.pop()!);
  }
}

async function runStep(step: { label: string; run: () => Promise<unknown> | unknown }): Promise<void> {
  try {
    await withTimeout(Promise.resolve(step.run()), 30_000, step.label);
  } catch (error) {
    console.error(`cleanup "${step.label}" failed: ${String(error)}`);
  }
}

export interface PostgresServer {
  /** Where it came from: "embedded" or "DATABASE_URL". */
  origin: string;
  version: string;
  /** A fresh database on the server (dropped again by `cleanups`). */
  createDatabase(prefix: string): Promise<string>;
}

export async function startPostgres(cleanups: Cleanups): Promise<PostgresServer> {
  let serverUrl = process.env.DATABASE_URL;
  const origin = serverUrl ? 'DATABASE_URL' : 'embedded';
  if (!serverUrl) {
    const parent = await mkdtemp(path.join(tmpdir(), 'courtside-bench-pg-'));
    cleanups.add('remove the Postgres temp dir', () => rm(parent, { recursive: true, force: true }));
    const server = await startEmbeddedPostgres({ dataDir: path.join(parent, 'data'), ephemeral: true });
    cleanups.add('stop embedded Postgres', () => server.stop());
    serverUrl = server.databaseUrl;
  }
  const adminUrl = serverUrl;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const version = await admin(async (client) => {
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return rows[0]!.version;
  });
  return {
    origin,
    version,
    async createDatabase(prefix) {
      const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      cleanups.add(`drop database ${name}`, () =>
        admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
      );
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}

export interface KafkaService {
  origin: string;
  version: string;
  brokers: string[];
  /** Stops the broker this bench started (no-op for KAFKA_BROKERS). */
  stop(): Promise<void>;
}

export async function startKafka(cleanups: Cleanups): Promise<KafkaService> {
  const fromEnv = process.env.KAFKA_BROKERS;
  if (fromEnv)
    return {
      origin: 'KAFKA_BROKERS',
      version: 'external (unknown)',
      brokers: fromEnv.split(','),
      stop: async () => {},
    };
  // startKafkaBroker makes (and on stop removes) its own temp data dir.
  const broker = await startKafkaBroker({});
  const stop = cleanups.add('stop the Kafka broker', () => broker.stop());
  return {
    origin: 'local KRaft broker (infra/kafka/broker.ts)',
    version: `Apache Kafka ${KAFKA_VERSION} (KRaft, single node)`,
    brokers: broker.brokers,
    stop,
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The environment of a server process (`startServerProcess`) on a fresh database of `startPostgres` and the chosen
 * log: a topic of its own on Kafka (`startKafka`), or the embedded log in Postgres. `log` says which, for the report.
 */
export async function serverEnvironment(
  cleanups: Cleanups,
  name: string,
  log: 'kafka' | 'embedded',
): Promise<{ env: Record<string, string>; log: string; postgres: PostgresServer }> {
  const postgres = await startPostgres(cleanups);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATABASE_URL: await postgres.createDatabase(`bench_${name}`),
    KAFKA_BROKERS: '',
  };
  if (log === 'embedded') return { env, log: 'embedded log (Postgres)', postgres };
  const kafka = await startKafka(cleanups);
  env.KAFKA_BROKERS = kafka.brokers.join(',');
  env.KAFKA_TOPIC = `courtside.bench.${name}.${randomUUID().slice(0, 8)}`;
  return { env, log: `Kafka (${kafka.origin})`, postgres };
}

/** A command-line number in (0, max], or an error that names the option. */
export function positiveOption(name: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`--${name} must be a number in (0, ${max}]`);
  return value;
}
