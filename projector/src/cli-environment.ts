import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eventLogFrom } from '@courtside/eventlog/log/from-config';
import type { EventLog } from '@courtside/eventlog/log/port';

/** The command-line tools' database: DATABASE_URL, else the one `npm start` runs (it writes its address there). */
export function cliDatabaseUrl(missing: string): string {
  if (process.env.DATABASE_URL !== undefined) return process.env.DATABASE_URL;
  const file = path.resolve(process.env.COURTSIDE_DATA_DIR ?? '.courtside', 'database.url');
  if (!existsSync(file)) throw new Error(missing);
  return readFileSync(file, 'utf8').trim();
}

/** The command-line tools' log, from KAFKA_BROKERS, KAFKA_TOPIC and KAFKAJS_LOG_LEVEL as the servers read them. */
export async function cliEventLog(databaseUrl: string): Promise<EventLog> {
  const kafkaBrokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  // kafkajs only where the log is Kafka: loading it was part of every replay's start-up.
  const kafkaLogLevel = kafkaBrokers?.length
    ? (await import('@courtside/eventlog/log/kafka')).kafkaLogLevelOf(process.env.KAFKAJS_LOG_LEVEL)
    : undefined;
  return eventLogFrom({
    databaseUrl,
    kafkaBrokers,
    kafkaTopic: process.env.KAFKA_TOPIC,
    kafkaLogLevel,
  });
}
