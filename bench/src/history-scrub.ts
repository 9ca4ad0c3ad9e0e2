/**
 * How fast the season timeline scrubs (issue 14): a season of `--events` events, then `GET …/history` once and
 * `GET …/standings?at=` for `--steps` random positions, one after the other as a person dragging the slider would.
 *
 *   node --import tsx bench/src/history-scrub.ts [--events=2000] [--steps=100]
 *
 * The season itself is made through the api (manager, ladder, season); its teams and matches are written straight
 * into the stored copy of the log the history reads (read_v1.company_events): 20 teams, then matches whose results
 * move the winners up as the rules would (computed with the same fold). Figures go to docs/performance.md.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_API } from '@courtside/events/api-paths';
import {
  evolveSeasonHistory,
  initialSeasonHistory,
  positionsOf,
} from '@courtside/events/history/season-fold';
import type { EventEnvelope } from '@courtside/events/envelope';
import { startBenchCompany } from './bench-company.ts';
import { Cleanups } from './services.ts';
import { percentile } from './stats.ts';

async function main() {
  const { values } = parseArgs({
    options: { events: { type: 'string', default: '2000' }, steps: { type: 'string', default: '100' } },
  });
  const total = Number(values.events);
  const cleanups = new Cleanups();
  try {
    const { courtside, databaseUrl, http, managerId, companyId } = await startBenchCompany(
      cleanups,
      'bench_scrub',
    );
    const ladder = await http.json<{ uuid: string }>('POST', `${ADMIN_API}/companies/${companyId}/ladders`, {
      name: 'Bench Ladder',
      email: 'ladder@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    const ladderId = ladder.body.uuid;
    const today = new Date().toISOString().slice(0, 10);
    const season = await http.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${companyId}/ladders/${ladderId}/seasons`,
      {
        name: 'Bench',
        startDate: today,
        endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
        minimumPlayedMatches: 3,
        openForRegistration: true,
        matchType: 'BESTOFTHREE',
      },
    );
    const seasonId = season.body.uuid;

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.add('close the bench connection', () => db.end());
    const schema = courtside.readModelSchema;
    const stored = await db.query<{ seq: number; type: string; payload: unknown; occurred_at: Date }>(
      `SELECT seq, type, payload, occurred_at FROM ${schema}.company_events WHERE company_id = $1 ORDER BY seq`,
      [companyId],
    );
    let state = initialSeasonHistory();
    for (const row of stored.rows) {
      state = evolveSeasonHistory(state, {
        type: row.type,
        payload: row.payload,
        occurredAt: row.occurred_at.toISOString(),
      } as EventEnvelope);
    }
    let seq = stored.rows.at(-1)!.seq;
    const started = Date.now();
    const events: EventEnvelope[] = [];
    const add = (type: string, streamId: string, payload: Record<string, unknown>) => {
      const event = {
        id: randomUUID(),
        type,
        schemaVersion: 1,
        companyId,
        streamId,
        actorId: managerId,
        occurredAt: new Date(started + events.length * 60_000).toISOString(),
        correlationId: randomUUID(),
        payload: { seasonId, ladderId, ...payload },
      };
      state = evolveSeasonHistory(state, event);
      events.push(event);
    };
    const teamIds = Array.from({ length: 20 }, () => randomUUID());
    for (const teamId of teamIds) {
      add('TeamRegistered', teamId, { teamId, memberIds: [randomUUID()] });
      add('TeamAccepted', teamId, { teamId });
    }
    const side = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });
    let n = 0;
    while (events.length < total) {
      const order = state.order;
      const defenderId = order[n % order.length]!;
      const challengerId = order[(n * 7 + 3) % order.length]!;
      n++;
      if (defenderId === challengerId) continue;
      const matchId = randomUUID();
      add('MatchCreated', matchId, { matchId, defenderId, challengerId });
      const challengerWins = n % 3 !== 0;
      add('MatchResultRecorded', matchId, {
        matchId,
        defender: challengerWins ? side(3, 4) : side(6, 6),
        challenger: challengerWins ? side(6, 6) : side(3, 4),
      });
      const positions = positionsOf(state);
      if (challengerWins && positions[challengerId]! > positions[defenderId]!) {
        add('ChallengerLeapfrogged', matchId, {
          matchId,
          challengerId,
          defenderId,
          fromPosition: positions[challengerId],
          toPosition: positions[defenderId],
        });
      }
    }
    await db.query(
      `INSERT INTO ${schema}.company_events (company_id, seq, event_id, type, stream_id, ladder_id, season_id, actor_id, occurred_at, payload, envelope)
       SELECT $1, r.seq, (r.body->>'id')::uuid, r.body->>'type', r.body->>'streamId', $2, $3, r.body->>'actorId',
         (r.body->>'occurredAt')::timestamptz, r.body->'payload', r.body
       FROM unnest($4::int[], $5::jsonb[]) AS r(seq, body)`,
      [
        companyId,
        ladderId,
        seasonId,
        events.map((_, index) => seq + index + 1),
        events.map((event) => JSON.stringify(event)),
      ],
    );
    seq += events.length;

    const timed = async (path: string) => {
      const begin = performance.now();
      const answer = await http.request('GET', path);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      return performance.now() - begin;
    };
    const historyMs = [];
    for (let i = 0; i < 5; i++) historyMs.push(await timed(`${ADMIN_API}/seasons/${seasonId}/history`));
    const stepMs = [];
    for (let i = 0; i < Number(values.steps); i++) {
      const position = seq - Math.floor(Math.random() * events.length);
      stepMs.push(await timed(`${ADMIN_API}/seasons/${seasonId}/standings?at=${position}`));
    }
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        seasonEvents: events.length + 1,
        historyMs: { p50: percentile(sorted(historyMs), 50), max: Math.max(...historyMs) },
        stepMs: {
          p50: percentile(sorted(stepMs), 50),
          p95: percentile(sorted(stepMs), 95),
          max: Math.max(...stepMs),
        },
      }),
    );
  } finally {
    await cleanups.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
