import { fileURLToPath } from 'node:url';
import { migrate } from '@courtside/eventlog/db/migrate';
import type { Projection } from '@courtside/projector/projection';
import { prepareReadModelSchema } from '@courtside/projector/read-model-schema';

const appMigrations = fileURLToPath(new URL('../migrations', import.meta.url));
const notificationMigrations = fileURLToPath(new URL('./notifications/migrations', import.meta.url));

/** Brings every table a Courtside process uses up to date: the app's, the notifier's and the read models'. */
export async function migrateCourtside(
  databaseUrl: string,
  readModelSchema: string,
  projections: readonly Projection[],
): Promise<void> {
  await migrate({
    databaseUrl,
    dir: appMigrations,
    schema: 'courtside',
    migrationsTable: 'pgmigrations_app',
  });
  await migrate({
    databaseUrl,
    dir: notificationMigrations,
    schema: 'courtside',
    migrationsTable: 'pgmigrations_notifications',
  });
  await prepareReadModelSchema(databaseUrl, readModelSchema, projections);
}
