// A projector in a process of its own, so a test can kill it with SIGKILL in the middle of its work.
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { notesModule } from '../spine/notes-module.ts';

const courtside = await startCourtside({
  databaseUrl: process.env.DATABASE_URL!,
  kafkaBrokers: process.env.KAFKA_BROKERS?.split(',').filter(Boolean),
  kafkaTopic: process.env.KAFKA_TOPIC,
  runApi: false,
  runProjector: true,
  extraModules: [notesModule],
  logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
});
await courtside.projector!.started;
process.send?.('started');
