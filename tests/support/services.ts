import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh database on the run's Postgres server, so test files never see each other's rows: a copy of the run's
 * template, with every migration applied and no row.
 */
export async function createTestDatabase(prefix = 't'): Promise<string> {
  const serverUrl = inject('databaseUrl');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('databaseTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function kafkaBrokers(): string[] {
  return inject('kafkaBrokers').split(',');
}

/** A topic name of its own per test, so tests on one broker stay independent. */
export function uniqueTopic(label: string): string {
  return `courtside.test.${label}.${randomUUID().slice(0, 8)}`;
}
