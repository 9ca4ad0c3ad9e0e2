import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@courtside/infra/postgres/embedded';
import { readEnvironment, readRole } from './config.ts';
import { defaultWebDistDir, startCourtside } from './courtside.ts';
import { createLogger } from './observability/logger.ts';

/** The entry point: the only place that listens. `npm start` runs every part in this one process. */
async function main(): Promise<void> {
  const role = readRole(process.argv);
  const env = readEnvironment(process.env, role);
  const logger = createLogger({ level: env.LOG_LEVEL });
  logger.info({ mode: env.NODE_ENV, role }, 'starting');
  const cleanups: Array<() => Promise<void>> = [];

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    if (role !== 'all') throw new Error(`Running the ${role} on its own needs DATABASE_URL`);
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(env.dataDir, 'postgres'),
      onLog: (line) => logger.debug({ component: 'postgres' }, line.trim()),
    });
    cleanups.push(postgres.stop);
    databaseUrl = postgres.urlOf('courtside');
    await createDatabaseIfMissing(postgres.databaseUrl, 'courtside');
    // Tools such as `npm run replay` find the running database here.
    const urlFile = path.join(env.dataDir, 'database.url');
    await writeFile(urlFile, `${databaseUrl}\n`, { mode: 0o600 });
    cleanups.push(() => rm(urlFile, { force: true }));
    logger.info({ dataDir: env.dataDir }, 'embedded Postgres started');
  }
  if (role !== 'all' && !env.KAFKA_BROKERS?.length) {
    logger.warn('KAFKA_BROKERS is not set: separate processes share the embedded log in Postgres');
  }

  const courtside = await startCourtside({
    databaseUrl,
    kafkaBrokers: env.KAFKA_BROKERS,
    kafkaTopic: env.KAFKA_TOPIC,
    kafkaLogLevel: env.KAFKAJS_LOG_LEVEL,
    runApi: role === 'all' || role === 'api',
    runProjector: role === 'all' || role === 'projector',
    runNotifier: role === 'all' || role === 'notifier',
    runWebhooks: role === 'all' || role === 'webhooks',
    publicUrl: env.PUBLIC_URL,
    mailFrom: env.MAIL_FROM,
    host: env.HOST,
    port: env.PORT,
    webDistDir: defaultWebDistDir,
    mailUrl: env.MAIL_URL,
    mode: env.NODE_ENV,
    trustProxy: env.TRUST_PROXY,
    commandsMaxInFlight: env.COMMANDS_MAX_IN_FLIGHT,
    secret: env.COURTSIDE_SECRET,
    ...(env.vapid ? { vapid: env.vapid } : {}),
    logger,
  });
  cleanups.unshift(courtside.stop);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    for (const cleanup of cleanups)
      await cleanup().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
    logger.info('stopped');
    process.exit(0);
  };
  // Stop in order: api and projector finish what they are doing, then the database (see infra/postgres).
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
