import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { formatLocal } from '@courtside/events/notifications/notify';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { SmtpCollector } from '../support/smtp.ts';
import { eventually } from '../support/wait.ts';

const script = fileURLToPath(new URL('../support/courtside-process.ts', import.meta.url));

/** A seeded random source, so that a failing run can be repeated (the seed is in the test's name). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261123;

describe('the notifier under faults (DESIGN.md §6): real Kafka, real SMTP', () => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`kills the notifier and its sender at random points while events flow: every expected mail arrives, once (seed ${SEED})`, async () => {
    const next = random(SEED);
    const smtp = new SmtpCollector();
    await smtp.start();
    cleanups.push(() => smtp.stop());
    const backend = await createBackend('kafka');
    // Api and projector here (sign-up codes go to the dev outbox); the notifier in a process of its own, mailing
    // over SMTP, that the test kills with SIGKILL.
    const courtside: RunningCourtside = await startTestCourtside(backend);
    cleanups.push(() => courtside.stop());
    const db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
    cleanups.push(() => db.end());

    let notifier: ChildProcess | undefined;
    const startNotifier = async () => {
      const child = fork(script, [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          COURTSIDE_ROLE: 'notifier',
          DATABASE_URL: backend.databaseUrl,
          KAFKA_BROKERS: backend.kafkaBrokers!.join(','),
          KAFKA_TOPIC: backend.kafkaTopic,
          MAIL_URL: smtp.url,
          PUBLIC_URL: courtside.url,
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      cleanups.push(() => void child.kill('SIGKILL'));
      notifier = child;
      // Killed before it says it runs is a fault too: the loop below just starts another.
      await Promise.race([once(child, 'message'), once(child, 'exit')]);
      return child;
    };
    const kill = async (child: ChildProcess) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    };

    // Six players in three matches; the manager moves the matches' dates: each move tells (and mails) both sides.
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url!, 6);
    const matches: Array<{ id: string; players: string[] }> = [];
    for (let pair = 0; pair < 3; pair++) {
      const [defender, challenger] = [teams[pair * 2]!, teams[pair * 2 + 1]!];
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        {
          defenderId: defender.teamId,
          challengerId: challenger.teamId,
        },
      );
      expect(created.status).toBe(201);
      matches.push({ id: created.body.matchId, players: [defender.account.email, challenger.account.email] });
    }

    /** What must arrive: (to, subject) → how many distinct mails. */
    const expected = new Map<string, number>();
    const expect1 = (to: string, subject: string) => {
      const key = `${to.toLowerCase()}|${subject}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    };
    for (const team of teams) expect1(team.account.email, 'You are in Club Ladder');
    // No mail per waiting team (DESIGN.md §17: the day's digest mails them, tests/notifications/fewer-mails.test.ts):
    // the manager is expected nothing, so any such mail fails the comparison below.

    await startNotifier();
    let flowing = true;
    const flow = (async () => {
      for (let move = 0; flowing && move < 90; move++) {
        const match = matches[move % matches.length]!;
        const date = `2026-12-${String(1 + Math.floor(move / 3)).padStart(2, '0')}T${String(8 + (move % 3)).padStart(2, '0')}:30`;
        const current = await manager.json<Record<string, unknown>>(
          'GET',
          `${MATCHES_API}/matches/${match.id}`,
        );
        const saved = await manager.json('PUT', `${MATCHES_API}/matches`, { ...current.body, date });
        // 202 is durable too (the projection was late): it will be notified all the same.
        expect([200, 202]).toContain(saved.status);
        for (const player of match.players) expect1(player, `Match on ${formatLocal(date, 'en')}`);
      }
    })();

    let kills = 0;
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 200 + next() * 1_800));
      await kill(notifier!);
      kills++;
      await startNotifier();
    }
    await flow;
    flowing = false;

    // Let the last notifier catch up with the log and empty the outbox.
    await eventually(
      async () => {
        const head = await courtside.log.head();
        const { rows } = await db.query<{ partition: number; next_offset: string }>(
          'SELECT partition, next_offset FROM courtside.notifier_checkpoints',
        );
        const done = Object.entries(head).every(
          ([partition, end]) =>
            Number(rows.find((row) => row.partition === Number(partition))?.next_offset ?? 0) >= end,
        );
        const outbox = await db.query<{ waiting: number }>(
          'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE sent_at IS NULL',
        );
        return done && outbox.rows[0]!.waiting === 0;
      },
      { timeoutMs: 120_000, message: 'the notifier caught up and sent everything' },
    );

    // Each notification mail, counted once per Message-ID (its idempotency key), as a mailbox stores it.
    const received = new Map<string, Set<string>>();
    const deliveries = new Map<string, number>();
    for (const mail of smtp.mails) {
      if (/code/i.test(mail.subject)) continue;
      const key = `${mail.to}|${mail.subject}`;
      if (!received.has(key)) received.set(key, new Set());
      received.get(key)!.add(mail.messageId);
      deliveries.set(mail.messageId, (deliveries.get(mail.messageId) ?? 0) + 1);
    }
    const counted = new Map([...received].map(([key, ids]) => [key, ids.size]));
    expect(Object.fromEntries([...counted].sort())).toEqual(Object.fromEntries([...expected].sort()));
    expect([...expected.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    // On the wire a mail can repeat only when the sender died between the server's "250" and its commit; the
    // repeat has the same Message-ID. A kill can catch at most the mails then in flight: one per sender worker (6).
    const repeats = [...deliveries.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(repeats).toBeLessThanOrEqual(kills * 6);
    console.info(
      `notifier faults: ${kills} kills, ${counted.size} kinds of mail, ${smtp.mails.length} SMTP deliveries, ${repeats} repeated on the wire`,
    );
  }, 300_000);
});
