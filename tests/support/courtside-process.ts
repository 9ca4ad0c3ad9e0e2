// Courtside in a process of its own (COURTSIDE_ROLE=projector, the default, api, notifier, or both for api and
// projector), so a test can kill it with SIGKILL in the middle of its work. It reports `{url}` over IPC once it serves
// (or, as notifier, consumes). PORT (default: a free one) lets a restarted server answer where the last one did;
// WEB_DIST_DIR serves the web app's build.
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { notesModule } from '../spine/notes-module.ts';

const role = process.env.COURTSIDE_ROLE ?? 'projector';
const courtside = await startCourtside({
  databaseUrl: process.env.DATABASE_URL!,
  kafkaBrokers: process.env.KAFKA_BROKERS?.split(',').filter(Boolean),
  kafkaTopic: process.env.KAFKA_TOPIC,
  runApi: role === 'api' || role === 'both',
  runProjector: role === 'projector' || role === 'both',
  runNotifier: role === 'notifier',
  // The notifier mails over SMTP when the test gives a server (MAIL_URL), with links to the api (PUBLIC_URL).
  mailUrl: process.env.MAIL_URL,
  publicUrl: process.env.PUBLIC_URL,
  mailRetryBaseMs: 200,
  port: Number(process.env.PORT ?? 0),
  webDistDir: process.env.WEB_DIST_DIR,
  // Without MAIL_URL mail goes to the dev outbox: the tests read sign-up codes from it.
  mode: 'development',
  extraModules: [notesModule],
  logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
});
await courtside.projector?.started;
process.send?.({ url: courtside.url });
// A SIGTERM stops it as the entry point does (so a --cpu-prof profile is written); tests that crash it use SIGKILL.
// At most 5 s: a test's cleanup may already have dropped the database under it.
process.once('SIGTERM', () => {
  setTimeout(() => process.exit(0), 5_000).unref();
  void courtside.stop().finally(() => process.exit(0));
});
