import { randomUUID } from 'node:crypto';
import { startCourtside, type CourtsideConfig, type RunningCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { ACCOUNT_API, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { HttpClient } from '../../tests/support/http-client.ts';
import { type Cleanups, startPostgres } from './services.ts';

interface BenchCompany {
  courtside: RunningCourtside;
  databaseUrl: string;
  /** Signed in as the company's manager. */
  http: HttpClient;
  managerId: string;
  companyId: string;
}

/**
 * Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres) with a manager signed
 * up, verified and signed in, and the manager's company: where the history benches start.
 */
export async function startBenchCompany(
  cleanups: Cleanups,
  databaseName: string,
  options: { webDistDir?: string } = {},
): Promise<BenchCompany> {
  const postgres = await startPostgres(cleanups);
  const databaseUrl = await postgres.createDatabase(databaseName);
  const courtside = await startCourtside({
    databaseUrl,
    runApi: true,
    runProjector: true,
    port: 0,
    mode: 'development',
    // The bench signs every player up from 127.0.0.1.
    signUpsPerAddress: 100_000,
    logger: createLogger({ level: 'warn' }),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  cleanups.add('stop courtside', () => courtside.stop());
  const http = new HttpClient(courtside.url!);
  const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery';
  const account = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
    email,
    password,
  });
  const mail = await http.json<Array<{ code: string }>>(
    'GET',
    `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
  );
  await http.json('POST', `${ACCOUNT_API}/account/${account.body.id}/verify?language=en`, {
    refresh: account.body.refresh,
    code: mail.body[0]!.code,
  });
  await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password });
  const company = await http.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, { name: 'Bench Club' });
  return { courtside, databaseUrl, http, managerId: account.body.id, companyId: company.body.id };
}

/**
 * Courtside in this process as `npm start` runs it (api, projector, notifier with its mail and push senders) on
 * `databaseUrl`, the embedded log unless `log` names a Kafka topic; every person may sign up from 127.0.0.1.
 */
export async function startWholeCourtside(
  cleanups: Cleanups,
  databaseUrl: string,
  log: Pick<CourtsideConfig, 'kafkaBrokers' | 'kafkaTopic'> = {},
): Promise<RunningCourtside> {
  const courtside = await startCourtside({
    databaseUrl,
    ...log,
    runApi: true,
    runProjector: true,
    runNotifier: true,
    port: 0,
    mode: 'development',
    signUpsPerAddress: 100_000,
    logger: createLogger({ level: 'warn' }),
  });
  cleanups.add('stop courtside', () => courtside.stop());
  return courtside;
}
