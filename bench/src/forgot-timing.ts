/**
 * Whether the forgot-password route tells by its timing that an address has an account (DESIGN.md §10):
 *
 *   node --import tsx bench/src/forgot-timing.ts [--rounds=50]
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres) with a clock of
 * its own, signs up one account, then in each round moves the clock an hour on (the forgot limits count 5 per email
 * and 20 per address an hour) and asks for a link 4 times for the account's address and 4 times for addresses
 * without an account, in turn. Each answer is timed from the request to the end of its body, over plain fetch with
 * a kept connection. Prints the p50/p90/p99 of both and the difference of the p50s (to stay under 5 ms).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { ACCOUNT_API, HEALTH_PATH } from '@courtside/events/api-paths';
import { signedIn } from './bench-accounts.ts';
import { Cleanups, startPostgres } from './services.ts';
import { machineInfo } from './system.ts';
import { round, summarize } from './stats.ts';

const HOUR = 60 * 60 * 1000;

async function main() {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
  const rounds = Number(values.rounds);
  const cleanups = new Cleanups();
  try {
    const postgres = await startPostgres(cleanups);
    const databaseUrl = await postgres.createDatabase('bench_forgot');
    let offset = 0;
    const courtside = await startCourtside({
      databaseUrl,
      runApi: true,
      runProjector: false,
      port: 0,
      mode: 'development',
      clock: () => new Date(Date.now() + offset),
      logger: createLogger({ level: 'warn' }),
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const url = courtside.url!;
    const { http } = await signedIn(url, 'forgot');
    const { body: account } = await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`);

    // The anti-forgery pair of an anonymous visitor, as a browser holds it.
    const health = await fetch(`${url}${HEALTH_PATH}`);
    const xsrf = health.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('XSRF-TOKEN='))!;
    const ask = async (email: string): Promise<number> => {
      const started = performance.now();
      const answer = await fetch(`${url}${ACCOUNT_API}/account/password/forgot?language=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.slice(11) },
        body: JSON.stringify({ email }),
      });
      await answer.arrayBuffer();
      const elapsed = performance.now() - started;
      if (answer.status !== 202) throw new Error(`forgot answered ${answer.status}`);
      return elapsed;
    };

    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < rounds + 2; index++) {
      offset += HOUR + 60_000;
      // The first two rounds warm up (JIT, pool connections) and are not counted.
      const counted = index >= 2;
      for (let turn = 0; turn < 4; turn++) {
        const a = await ask(account.email);
        const b = await ask(`nobody.${randomUUID().slice(0, 8)}@example.test`);
        if (counted) {
          known.push(a);
          unknown.push(b);
        }
      }
    }
    const withAccount = summarize(known)!;
    const without = summarize(unknown)!;
    console.log(JSON.stringify({ machine: machineInfo(), withAccount, without }, null, 2));
    console.log(`p50 difference: ${round(Math.abs(withAccount.p50 - without.p50), 3)} ms`);
  } finally {
    await cleanups.runAll();
  }
}

await main();
