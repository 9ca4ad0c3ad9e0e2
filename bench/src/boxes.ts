/**
 * Box leagues (DESIGN.md §12): the draw of 200 sides into boxes of 5 (40 boxes, 400 matches) and the box
 * tables read signed out, against a bare Koa baseline.
 *
 *   npm run bench:boxes -- [--sides=200] [--draws=10] [--seconds=8] [--connections=20]
 *
 * Postgres (DATABASE_URL or embedded), the embedded log, the api in this process (cheap password hashes: the 200
 * sign-ups are setup, not measured). A box season of `--sides` accepted teams; `--draws` draws by position (each
 * replaces the last, cancelling its 400 matches); each draw's answer time and status: 201 is answered once projected
 * in full, 202 is in the log but not yet projected within the command's bound (then how much longer it took to show;
 * the next draw waits for it, as a manager would, instead of being refused as catching up). Then autocannon, in this process
 * like the server, on `GET ladder …/seasons/{id}/boxes` signed out and on a bare Koa answering the same bytes.
 * Targets: draws answered p99 ≤ 1 s and projected in full; the boxes read ≥ 60 % of bare Koa's req/s.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { ACCOUNT_API, ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import { expectStatus, signedIn } from './bench-accounts.ts';
import { Cleanups, startPostgres } from './services.ts';
import { round, summarize } from './stats.ts';
import { loadNow, printReport } from './system.ts';

const { values } = parseArgs({
  options: {
    sides: { type: 'string', default: '200' },
    draws: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
  },
});
const sides = Number(values.sides);
const draws = Number(values.draws);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const nowMs = () => performance.now();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function rate(url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const loadBefore = loadNow();
    const postgres = await startPostgres(cleanups);
    const courtside = await startCourtside({
      databaseUrl: await postgres.createDatabase(`bench_boxes_${randomUUID().slice(0, 8)}`),
      runApi: true,
      runProjector: true,
      port: 0,
      mode: 'development',
      passwordHashing: { N: 2 ** 10, r: 8, p: 1 },
      // The bench signs every player up from 127.0.0.1.
      signUpsPerAddress: 100_000,
      logger: createLogger({ level: 'warn' }),
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const url = courtside.url!;

    const manager = (await signedIn(url, 'manager')).http;
    const company = await manager.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
      name: 'TC Boxes',
    });
    expectStatus(company, 201, 'company');
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.body.id}/ladders`,
      {
        name: 'Box Ladder',
        email: 'ladder@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expectStatus(ladder, 201, 'ladder');
    const seasonBody = {
      name: 'Winter',
      startDate: day(-5),
      endDate: day(90),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    };
    const seasonsPath = `${ADMIN_API}/companies/${company.body.id}/ladders/${ladder.body.uuid}/seasons`;
    const season = await manager.json<{ uuid: string }>('POST', seasonsPath, seasonBody);
    expectStatus(season, 201, 'season');
    const seasonId = season.body.uuid;
    expectStatus(
      await manager.json('PUT', seasonsPath, {
        uuid: seasonId,
        ...seasonBody,
        format: 'BOX',
        box: { size: 5 },
      }),
      200,
      'box season',
    );
    console.error(`signing up ${sides} players…`);
    for (let index = 0; index < sides; index++) {
      const player = (await signedIn(url, `player${index}`)).http;
      const team = await player.json<{ teamId: string }>(
        'POST',
        `${LADDER_API}/seasons/${seasonId}/teams`,
        {},
      );
      expectStatus(team, 201, 'register');
      expectStatus(
        await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
          teamId: team.body.teamId,
        }),
        200,
        'accept',
      );
    }

    const boxesUrl = `${url}${LADDER_API}/seasons/${seasonId}/boxes`;
    let body = '';
    /** Waits until the public boxes are those of `boxIds` with all their matches; the time it took. */
    async function shown(boxIds: string[]): Promise<number> {
      const begin = nowMs();
      for (let i = 0; i < 600; i++) {
        body = await (await fetch(boxesUrl)).text();
        const boxes = JSON.parse(body) as Array<{
          boxId: string;
          matchIds: string[];
          matches: Array<{ status: string }>;
        }>;
        const expected =
          boxes.length === boxIds.length && boxes.every((box, index) => box.boxId === boxIds[index]);
        // The boxes row comes first, its matches after it (a chunk of their own): all ten planned.
        const full = boxes.every(
          (box) => box.matches.length === 10 && box.matches.every((match) => match.status === 'planned'),
        );
        if (expected && full) return nowMs() - begin;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the draw never showed');
    }

    const drawMs: number[] = [];
    const statuses: number[] = [];
    /** After a 202: how much longer until the draw showed in full. */
    const shownLaterMs: number[] = [];
    for (let draw = 0; draw < draws; draw++) {
      const begin = nowMs();
      const answer = await manager.json<{ boxes?: Array<{ boxId: string }> }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/boxes/draw`,
        {
          by: 'POSITION',
        },
      );
      drawMs.push(nowMs() - begin);
      statuses.push(answer.status);
      if (answer.status !== 201 && answer.status !== 202) {
        throw new Error(
          `draw ${draw + 1}: ${answer.status} ${JSON.stringify(answer.body)} after ${statuses.join(',')}`,
        );
      }
      // Each draw starts from a settled season (a manager does not draw twice within a second): a 202's projection
      // is waited for, so that the next draw is not refused as catching up (503).
      const later = await shown(answer.body.boxes!.map((box) => box.boxId));
      if (answer.status === 202) shownLaterMs.push(Math.round(later));
    }

    const bare = new Koa();
    bare.use((ctx) => {
      ctx.type = 'application/json';
      ctx.body = body;
    });
    const bareServer = createServer(bare.callback());
    await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
    cleanups.add('stop bare Koa', () => new Promise<void>((resolve) => bareServer.close(() => resolve())));
    const bareAddress = bareServer.address() as { port: number };
    const bareKoa = await rate(`http://127.0.0.1:${bareAddress.port}/`);
    const boxesRead = await rate(boxesUrl);

    const drawSummary = summarize(drawMs)!;
    const ratio = round(boxesRead.requestsPerSecond / bareKoa.requestsPerSecond);
    const report = {
      sides,
      draws: { ms: drawSummary, statuses, shownLaterMs },
      reads: { bodyBytes: body.length, bareKoa, boxesSignedOut: boxesRead, ratioToBareKoa: ratio },
      targetMet: drawSummary.p99 <= 1_000 && statuses.every((status) => status === 201) && ratio >= 0.6,
    };
    printReport(report, loadBefore);
  } finally {
    await cleanups.runAll();
  }
}

await main();
