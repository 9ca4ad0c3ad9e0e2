import { startCourtside, type CourtsideConfig, type RunningCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { eventLogFrom } from '@courtside/eventlog/log/from-config';
import type { EventLog } from '@courtside/eventlog/log/port';
import { notesModule } from '../spine/notes-module.ts';
import { createTestDatabase, kafkaBrokers, uniqueTopic } from './services.ts';

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
 * Starts api and/or projector in this process on a free port, with the test's own notes module. Tests ask for
 * development by name: they read sign-up codes from the dev outbox.
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
    ...overrides,
  });
}
