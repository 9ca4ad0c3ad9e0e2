/**
 * Web Push from a command (DESIGN.md §17): the time from a command's answer to its push reaching the push service,
 * at a steady rate of commands.
 *
 *   node --import tsx bench/src/push-latency.ts [--rate=100] [--seconds=30] [--companies=100] [--matches=3] [--kafka]
 *
 * Postgres (DATABASE_URL or embedded); the log is the embedded Postgres log, or with `--kafka` Kafka (KAFKA_BROKERS
 * or a local broker).
 * api, projector and notifier (with its push sender, 64 pushes at once, and its mail sender to the dev outbox) run in this
 * process, and so does a push service on 127.0.0.1 that checks each push's VAPID JWT and decrypts its payload
 * (tests/support/push-service.ts). Setup goes through the HTTP api: per club a manager, a ladder, a season, two
 * players (each with one push subscription) and `matches` planned matches between them. Then `rate` commands a
 * second, open-loop, for `seconds`: a manager moves one of their club's matches to a new minute (`PUT matches`), and
 * the notifier tells both players (`match.scheduled`, on by default for phones). Latency = the push's arrival − the
 * command's answer, matched by the push's title, which names the new date. A command answered "it may or may not have
 * been saved" (503 APPEND_UNCONFIRMED) is not timed: its pushes, if it was saved, are counted apart.
 */
import { parseArgs } from 'node:util';
import { ADMIN_API, MATCHES_API, PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '@courtside/events/api-paths';
import { formatLocal } from '@courtside/events/notifications/notify';
import type { HttpClient } from '../../tests/support/http-client.ts';
import { startPushService } from '../../tests/support/push-service.ts';
import { expectStatus } from './bench-accounts.ts';
import { startWholeCourtside } from './bench-company.ts';
import { clubMatch } from './bench-live-match.ts';
import { drain, sendOpenLoop } from './open-loop.ts';
import { Cleanups, startKafka, startPostgres } from './services.ts';
import { summarize } from './stats.ts';
import { loadNow, printReport } from './system.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    companies: { type: 'string', default: '100' },
    matches: { type: 'string', default: '3' },
    kafka: { type: 'boolean', default: false },
  },
});
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const companies = Number(values.companies);
const matchesPerClub = Number(values.matches);
const GOAL_P99_MS = 1_000;

async function main(): Promise<void> {
  const loadBefore = loadNow();
  const cleanups = new Cleanups();
  try {
    const postgres = await startPostgres(cleanups);
    const databaseUrl = await postgres.createDatabase('bench_push_latency');
    const kafka = values.kafka ? await startKafka(cleanups) : undefined;
    const courtside = await startWholeCourtside(
      cleanups,
      databaseUrl,
      kafka
        ? { kafkaBrokers: kafka.brokers, kafkaTopic: `courtside.bench.push.${Date.now().toString(36)}` }
        : {},
    );
    const url = courtside.url!;

    const key = await (await fetch(`${url}${PUSH_KEY_PATH}`)).json();
    const service = await startPushService({ vapidPublicKey: (key as { publicKey: string }).publicKey });
    cleanups.add('stop the push service', () => service.close());

    // Setup through the api: per club a manager, a ladder, a season, two subscribed players and their matches.
    const matches: Array<{ matchId: string; manager: HttpClient }> = [];
    for (let c = 0; c < companies; c++) {
      const club = await clubMatch(url, `Push Club ${c}`, 'BESTOFTHREE', async (player) =>
        expectStatus(
          await player.http.json('POST', PUSH_SUBSCRIPTIONS_PATH, service.subscribe()),
          201,
          'subscribe',
        ),
      );
      matches.push({ matchId: club.matchId, manager: club.manager });
      for (let m = 1; m < matchesPerClub; m++) {
        const match = await club.manager.json<{ matchId: string }>(
          'POST',
          `${ADMIN_API}/seasons/${club.seasonId}/teams/match`,
          { defenderId: club.teams[0]!.teamId, challengerId: club.teams[1]!.teamId },
        );
        expectStatus(match, 201, 'match');
        matches.push({ matchId: match.body.matchId, manager: club.manager });
      }
    }
    // Pushes of the setup (a team accepted…) are not timed.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const setupPushes = service.received.length;
    console.error(`setup: ${companies} clubs, ${matches.length} matches, ${setupPushes} pushes of the setup`);

    // Each command moves its match to a minute of its own, from 10 days on: the push's title names it.
    const firstMinute = Date.parse(
      `${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}T00:00Z`,
    );
    const answeredAt = new Map<string, number>();
    const statuses = new Map<number, number>();
    const unconfirmed = new Set<string>();
    const none = { special: 'none', matchSets: [] };
    const count = rate * seconds;
    await sendOpenLoop(rate, count, async (seq) => {
      const { matchId, manager } = matches[seq % matches.length]!;
      const date = new Date(firstMinute + seq * 60_000).toISOString().slice(0, 16);
      const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        date,
        defender: none,
        challenger: none,
      });
      statuses.set(saved.status, (statuses.get(saved.status) ?? 0) + 1);
      // "It may or may not have been saved" (503 APPEND_UNCONFIRMED): its pushes are counted apart, not timed.
      if ((saved.body as { reason?: string } | undefined)?.reason === 'APPEND_UNCONFIRMED')
        unconfirmed.add(`Match on ${formatLocal(date, 'en')}`);
      // A command turned away (503: the api is busy, nothing was changed) tells nobody.
      if (saved.status < 300) answeredAt.set(`Match on ${formatLocal(date, 'en')}`, performance.now());
    });
    const expected = 2 * answeredAt.size;
    const timed = () => service.received.slice(setupPushes);
    const titleOf = (push: { payload: unknown }) => (push.payload as { title?: string }).title ?? '';
    const answeredPushes = () => timed().filter((push) => answeredAt.has(titleOf(push))).length;
    await drain(() => answeredPushes() < expected, 60);

    const latencies: number[] = [];
    let unmatched = 0;
    let ofUnconfirmed = 0;
    for (const push of timed()) {
      const title = titleOf(push);
      const answered = answeredAt.get(title);
      if (answered !== undefined) latencies.push(push.at - answered);
      else if (unconfirmed.has(title)) ofUnconfirmed++;
      else unmatched++;
    }
    const latency = summarize(latencies);
    const report = {
      bench: 'push-latency',
      log: kafka ? 'kafka' : 'postgres',
      postgres: postgres.origin,
      rate,
      seconds,
      commands: count,
      answers: Object.fromEntries(statuses),
      pushesExpected: expected,
      pushesReceived: latencies.length,
      appendsUnconfirmed: unconfirmed.size,
      pushesOfUnconfirmed: ofUnconfirmed,
      unmatched,
      rejected: service.rejected.length,
      latencyMs: latency,
      goalP99Ms: GOAL_P99_MS,
      targetMet:
        latency !== undefined &&
        latency.p99 <= GOAL_P99_MS &&
        latencies.length === expected &&
        unmatched === 0,
    };
    printReport(report, loadBefore);
  } finally {
    await cleanups.runAll();
  }
}

await main();
