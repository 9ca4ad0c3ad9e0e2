/**
 * The scorer's offline queue sent after reconnecting (DESIGN.md §13): 150 points scored with no
 * connection, then sent in order as the scorer page sends them (web/src/features/live-scoring/scorer-queue.ts: one
 * command at a time, each with its `seq`, every answer reconciled), over HTTP to a server as deployed.
 *
 *   npm run bench:offline -- [--points=150] [--log=embedded|kafka]
 *
 * The server is `api/src/main.ts` in a child process (Postgres: DATABASE_URL, else embedded; the embedded log unless
 * --log=kafka). Reported: the time from the first request to the last answer, the points per second, the `409`s
 * answered to the queue (expected 0: nobody else scores), and whether the server's points equal the queue's.
 * Target: 150 points within 5 s on localhost, in order, no `409`.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MATCHES_API } from '@courtside/events/api-paths';
import type { Side } from '@courtside/events/live/engine';
import {
  emptyQueue,
  markSent,
  reconcile,
  tap,
  target,
  type ScorerQueue,
  type ServerPoints,
} from '../../web/src/features/live-scoring/scorer-queue.ts';
import { expectStatus } from './bench-accounts.ts';
import { gamesOnlyMatch } from './bench-live-match.ts';
import { startServerProcess } from './server-process.ts';
import { Cleanups, startKafka, startPostgres } from './services.ts';
import { round } from './stats.ts';
import { loadNow, printReport } from './system.ts';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { points: { type: 'string', default: '150' }, log: { type: 'string', default: 'embedded' } },
  });
  const count = Number(values.points);
  const cleanups = new Cleanups();
  try {
    const loadBefore = loadNow();
    const postgres = await startPostgres(cleanups);
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      DATABASE_URL: await postgres.createDatabase(`bench_offline_${randomUUID().slice(0, 8)}`),
      KAFKA_BROKERS: '',
    };
    if (values.log === 'kafka') {
      const kafka = await startKafka(cleanups);
      env.KAFKA_BROKERS = kafka.brokers.join(',');
      env.KAFKA_TOPIC = `courtside.bench.offline.${randomUUID().slice(0, 8)}`;
    }
    const { url } = await startServerProcess(cleanups, env);

    // A games-only match (it never ends by itself), started live by the defender.
    const { matchId, teams } = await gamesOnlyMatch(url, 'TC Offline');
    const scorer = teams[0]!.http;
    type View = ServerPoints & { rules: ScorerQueue['rules'] };
    const started = await scorer.json<View>('POST', `${MATCHES_API}/matches/${matchId}/live`, {
      firstServer: 'defender',
    });
    expectStatus(started, 200, 'start live');

    // Offline: the points go into the queue (a mix of holds and breaks).
    let queue = emptyQueue(started.body.rules, started.body);
    for (let i = 0; i < count; i++) {
      const winner: Side = (i * 7) % 5 < 3 ? 'defender' : 'challenger';
      queue = tap(queue, { kind: 'point', winner });
    }
    const expected = target(queue).points;

    // Back online: read the state, then send as the page does.
    let conflicts409 = 0;
    const begin = nowMs();
    const read = await scorer.json<View>('GET', `${MATCHES_API}/matches/${matchId}/live`);
    queue = reconcile(queue, read.body).queue;
    while (queue.actions.length > 0) {
      const next = queue.actions[0]!;
      queue = markSent(queue);
      if (next.kind !== 'point') throw new Error('only points are queued here');
      const answer = await scorer.json<View & { state?: View }>(
        'POST',
        `${MATCHES_API}/matches/${matchId}/points`,
        {
          seq: next.seq,
          winner: next.winner,
        },
      );
      if (answer.status === 409) conflicts409++;
      const state = answer.status === 409 ? answer.body.state : answer.body;
      if (!state) throw new Error(`answer ${answer.status}`);
      const result = reconcile(queue, state);
      if (result.kind === 'conflict') throw new Error('a conflict with nobody else scoring');
      queue = result.queue;
    }
    const elapsedMs = nowMs() - begin;
    const final = await scorer.json<View & { points: Side[] }>(
      'GET',
      `${MATCHES_API}/matches/${matchId}/live`,
    );
    const inOrder = JSON.stringify(final.body.points) === JSON.stringify(expected);
    const report = {
      points: count,
      log: values.log,
      elapsedMs: round(elapsedMs),
      pointsPerSecond: round((count / elapsedMs) * 1000),
      conflicts409,
      inOrder,
      targetMet: elapsedMs <= 5_000 && conflicts409 === 0 && inOrder,
    };
    printReport(report, loadBefore);
  } finally {
    await cleanups.runAll();
  }
}

await main();
