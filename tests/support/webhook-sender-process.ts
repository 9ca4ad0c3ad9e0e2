// A webhook sender in a process of its own (DATABASE_URL; LEASE_MS, the length of its claims), so that a test can
// kill it with SIGKILL while a delivery is on its way. It says `ready` over IPC once it runs.
import { startWebhookSender } from '@courtside/api/webhooks/webhook-sender';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';

const quiet = { warn: () => undefined, error: () => undefined };
startWebhookSender({
  databaseUrl: process.env.DATABASE_URL!,
  readModelSchema: liveReadModelSchema,
  mode: 'development',
  clock: () => new Date(),
  logger: quiet,
  leaseMs: Number(process.env.LEASE_MS),
  pollMs: 50,
});
process.send?.('ready');
