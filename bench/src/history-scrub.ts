/**
 * How fast the season timeline scrubs (DESIGN.md §8): a season of `--events` events, then `GET …/history` and
 * `GET …/standings?at=` for `--steps` random positions, one after the other as a person dragging the slider would;
 * then what the page does: `GET …/history/events` once, the fold, and ten times as many steps folded locally (the
 * page's own code, `web/src/features/audit/components/season-view.ts`).
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
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';
import {
  evolveSeasonHistory,
  initialSeasonHistory,
  positionsOf,
} from '@courtside/events/history/season-fold';
import type { EventEnvelope } from '@courtside/events/envelope';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { startBenchCompany } from './bench-company.ts';
import { openBrowser, signInBrowser } from '../../tests/support/browser.ts';
import type { HttpClient } from '../../tests/support/http-client.ts';
import { Cleanups } from './services.ts';
import { percentile } from './stats.ts';
import {
  seasonTimelineOf,
  type SeasonEventsAnswer,
} from '../../web/src/features/audit/components/season-view.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '2000' },
      steps: { type: 'string', default: '100' },
      // Also step the audit page itself in Chromium (needs `npm run build:web` and /usr/bin/chromium).
      browser: { type: 'boolean', default: false },
    },
  });
  const total = Number(values.events);
  const cleanups = new Cleanups();
  try {
    const { courtside, databaseUrl, http, managerId, companyId } = await startBenchCompany(
      cleanups,
      'bench_scrub',
      values.browser ? { webDistDir: defaultWebDistDir } : {},
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
    // What the page does since it folds in the browser: the events once, then every step is local.
    const eventsMs = [];
    for (let i = 0; i < 5; i++) eventsMs.push(await timed(`${ADMIN_API}/seasons/${seasonId}/history/events`));
    const answer = await http.json<SeasonEventsAnswer>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history/events`,
    );
    const foldStarted = performance.now();
    const timeline = seasonTimelineOf(answer.body);
    const foldMs = performance.now() - foldStarted;
    const pageStepMs = [];
    let position = seq - events.length;
    for (let i = 0; i < Number(values.steps) * 10; i++) {
      // Half the steps a drag's next position, half a jump anywhere.
      position = i % 2 === 0 ? Math.min(seq, position + 1) : seq - Math.floor(Math.random() * events.length);
      const begin = performance.now();
      timeline.at(position);
      pageStepMs.push(performance.now() - begin);
    }
    const browserStepMs = values.browser
      ? await stepInBrowser(courtside.url!, http, companyId, Number(values.steps))
      : [];
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const figures = (list: number[]) => ({
      p50: percentile(sorted(list), 50),
      p95: percentile(sorted(list), 95),
      max: Math.max(...list),
    });
    console.log(
      JSON.stringify({
        seasonEvents: events.length + 1,
        historyMs: figures(historyMs),
        stepMs: figures(stepMs),
        eventsMs: figures(eventsMs),
        eventsBytes: JSON.stringify(answer.body).length,
        pageFoldMs: foldMs,
        pageStepMs: figures(pageStepMs),
        ...(values.browser ? { browserStepMs: figures(browserStepMs) } : {}),
      }),
    );
  } finally {
    await cleanups.runAll();
  }
}

/**
 * The audit page at 375 px in Chromium: each step moves the slider (half one back, half a jump) and waits for the
 * next frame after the event's words changed: what a person sees.
 */
async function stepInBrowser(
  url: string,
  http: HttpClient,
  companyId: string,
  steps: number,
): Promise<number[]> {
  // The page asks for a name and a phone number first.
  await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
    fullName: 'Bench Manager',
    phoneNumber: { countryCode: '31', number: '06 12345678' },
  });
  const browser = await openBrowser('phone');
  try {
    await signInBrowser(browser.context, url, http);
    await browser.page.goto(`${url}/webapps/audit/en/${companyId}`);
    await browser.page
      .getByLabel('Show')
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        console.error(await browser.screenshot('bench-scrub-failed'));
        throw error;
      });
    await browser.page.getByLabel('Show').selectOption({ label: 'Bench Ladder · season Bench' });
    await browser.page.getByTestId('timeline-standings').waitFor({ timeout: 60_000 });
    // A string: the bench is type-checked without the DOM's types.
    const times = await browser.page.evaluate<number[]>(`(async (count) => {
      const slider = document.querySelector('[data-testid=timeline-slider]');
      const words = () => document.querySelector('[data-testid=timeline-event]')?.textContent;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const max = Number(slider.max);
      const times = [];
      for (let i = 0; i < count; i++) {
        const now = Number(slider.value);
        let target = i % 2 === 0 ? now - 1 : Math.floor(Math.random() * max);
        if (target === now || target < 0) target = now === 0 ? 1 : now - 1;
        const before = words();
        const started = performance.now();
        setValue.call(slider, String(target));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => {
          const check = () => requestAnimationFrame(() => (words() !== before ? resolve() : check()));
          check();
        });
        times.push(performance.now() - started);
      }
      return times;
    })(${steps})`);
    console.error(`screenshot: ${await browser.screenshot('history-scrub-phone')}`);
    return times;
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
