// A push sender in a process of its own (DATABASE_URL; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; LEASE_MS, the length of
// its claims), so that a test can kill it with SIGKILL while a push is on its way. It says `ready` over IPC once it runs.
import { startPushSender } from '@courtside/api/notifications/push-sender';

const quiet = { warn: () => undefined, error: () => undefined };
startPushSender({
  databaseUrl: process.env.DATABASE_URL!,
  vapid: { publicKey: process.env.VAPID_PUBLIC_KEY!, privateKey: process.env.VAPID_PRIVATE_KEY! },
  subject: 'mailto:tests@courtside.invalid',
  clock: () => new Date(),
  logger: quiet,
  leaseMs: Number(process.env.LEASE_MS),
  // Longer than the test waits: the push service's silence must not end the attempt before the kill does.
  timeoutMs: 60_000,
  pollMs: 50,
});
process.send?.('ready');
