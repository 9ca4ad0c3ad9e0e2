/**
 * How fast commands are answered during an outage or an overload, in the shapes of tests/faults: a
 * projector process and two api processes (`tests/support/courtside-process.ts` with the tests' notes module) on a
 * Kafka broker of their own; six clients send commands back to back (20 ms apart) to 12 companies while
 *   1. the broker is stopped for `--outage-seconds` and started again,
 *   2. the projector is killed (SIGKILL) for `--outage-seconds` and started again,
 *   3. one of the two api processes is killed (SIGKILL) for `--outage-seconds` and started again (its clients'
 *      attempts meanwhile, which find no process, are left out of that phase),
 * and then `--burst` commands are sent to one api process at once. Prints, per phase, the answers by status and
 * their time (p50/p95/p99/max ms, from just before the request to the end of the answer), and the load average.
 *
 *   node --import tsx bench/src/outages.ts [--outage-seconds=5] [--burst=2000] [--burst-companies=200]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { startKafkaBroker, type KafkaBroker } from '@courtside/infra/kafka/broker';
import { freePort } from '@courtside/infra/postgres/embedded';
import { killProcess, startCourtsideProcess } from '../../tests/support/courtside-processes.ts';
import { Cleanups, startPostgres } from './services.ts';
import { percentile, round } from './stats.ts';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const outageMs = option('outage-seconds', 5) * 1000;
const burst = option('burst', 2000);
const burstCompanies = option('burst-companies', 200);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  startedAt: number;
  ms: number;
  /** 0: no answer (connection broke). */
  status: number;
  retryAfter: boolean;
}

const agent = new Agent({ connections: 4096, pipelining: 1 });

/** A client of one api process: its anti-forgery cookie, and a command that is timed. */
async function clientOf(url: string) {
  const health = await request(`${url}/webapps/api/health`, { dispatcher: agent });
  await health.body.dump();
  const cookie = String(health.headers['set-cookie'] ?? '')
    .split(';')[0]!
    .trim();
  const token = cookie.split('=')[1] ?? '';
  return async (companyId: string): Promise<Answer> => {
    const startedAt = performance.now();
    try {
      const response = await request(`${url}/webapps/api/test/companies/${companyId}/notes`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        body: JSON.stringify({ text: `outage ${randomUUID().slice(0, 8)}` }),
      });
      await response.body.dump();
      return {
        startedAt,
        ms: performance.now() - startedAt,
        status: response.statusCode,
        retryAfter: response.headers['retry-after'] !== undefined,
      };
    } catch {
      return { startedAt, ms: performance.now() - startedAt, status: 0, retryAfter: false };
    }
  };
}

function report(label: string, answers: Answer[]): void {
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const refusedWithoutRetryAfter = answers.filter((a) => a.status === 503 && !a.retryAfter).length;
  const at = (p: number) => round(percentile(ms, p), 0);
  console.log(
    `| ${label} | ${answers.length} | ${JSON.stringify(statuses)} | ${at(50)} | ${at(95)} | ${at(99)} | ` +
      `${round(ms.at(-1) ?? 0, 0)} | ${refusedWithoutRetryAfter} |`,
  );
}

const cleanups = new Cleanups();
try {
  const postgres = await startPostgres(cleanups);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courtside-outages-'));
  cleanups.add('remove the broker dir', () => rm(dataDir, { recursive: true, force: true }));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const startBroker = () => startKafkaBroker({ port, controllerPort, dataDir });
  let broker: KafkaBroker = await startBroker();
  cleanups.add('stop the broker', () => broker.stop());
  const env = {
    DATABASE_URL: await postgres.createDatabase('outages'),
    KAFKA_BROKERS: broker.brokers.join(','),
    KAFKA_TOPIC: `courtside.outages.${randomUUID().slice(0, 8)}`,
  };
  const start = (role: 'api' | 'projector') =>
    startCourtsideProcess(role, env, (child) =>
      cleanups.add(`kill the ${role}`, () => void child.kill('SIGKILL')),
    );

  let projector = await start('projector');
  const apis = [await start('api'), await start('api')];
  const commands = await Promise.all(apis.map((api) => clientOf(api.url!)));
  const companies = Array.from({ length: 12 }, () => randomUUID());
  const answers: Answer[] = [];
  let sending = true;
  let counter = 0;
  const worker = async () => {
    while (sending) {
      const n = counter++;
      answers.push(await commands[n % commands.length]!(companies[n % companies.length]!));
      await sleep(20);
    }
  };
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const workers = Array.from({ length: 6 }, worker);
  await sleep(3_000);
  const steadyTo = performance.now();

  const brokerFrom = performance.now();
  await broker.stop();
  await sleep(outageMs);
  broker = await startBroker();
  const brokerTo = performance.now();
  await sleep(5_000);

  const projectorFrom = performance.now();
  await killProcess(projector.child);
  await sleep(outageMs);
  projector = await start('projector');
  const projectorTo = performance.now();
  await sleep(5_000);
  const afterTo = performance.now();

  // One of the two api processes killed: its clients find no one (status 0) until it is started again; the other's
  // commands, of the same companies, must not wait on what the dead one held (its locks, its appends under way).
  const apiFrom = performance.now();
  await killProcess(apis[1]!.child);
  await sleep(outageMs);
  apis[1] = await start('api');
  commands[1] = await clientOf(apis[1].url!);
  const apiTo = performance.now();
  await sleep(5_000);
  const afterApiTo = performance.now();
  sending = false;
  await Promise.all(workers);

  const burstCompanyIds = Array.from({ length: burstCompanies }, () => randomUUID());
  const burstAnswers = await Promise.all(
    Array.from({ length: burst }, (_, i) => commands[0]!(burstCompanyIds[i % burstCompanies]!)),
  );

  const within = (from: number, to: number) => answers.filter((a) => a.startedAt >= from && a.startedAt < to);
  console.log(
    '| phase | answers | by status | p50 ms | p95 ms | p99 ms | max ms | 503 without Retry-After |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  report('steady (3 s)', within(0, steadyTo));
  report(`broker stopped (${outageMs / 1000} s, and its start)`, within(brokerFrom, brokerTo));
  report('after the broker is back (5 s)', within(brokerTo, projectorFrom));
  report(`projector killed (${outageMs / 1000} s, and its start)`, within(projectorFrom, projectorTo));
  report('after the projector is back (5 s)', within(projectorTo, afterTo));
  report(
    `api killed (${outageMs / 1000} s, and its start), the other's answers`,
    within(apiFrom, apiTo).filter((a) => a.status !== 0),
  );
  report('after the api is back (5 s)', within(apiTo, afterApiTo));
  report(`${burst} at once to one api process`, burstAnswers);
  report(
    '… of which acknowledged',
    burstAnswers.filter((a) => a.status === 201 || a.status === 202),
  );
  report(
    '… of which refused',
    burstAnswers.filter((a) => a.status === 503),
  );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} catch (error) {
  // Said, not swallowed by the exit below.
  console.error('the outage bench failed:', error);
  process.exitCode = 1;
} finally {
  await agent.close().catch(() => undefined);
  await cleanups.runAll();
  process.exit();
}
