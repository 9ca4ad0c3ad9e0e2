/**
 * Tournament draws (DESIGN.md §16): a knockout draw of 128 entrants, and a Mexicano round of 64 players on 16 courts,
 * each made and projected:
 *
 *   npm run bench:tournament-draws -- [--repetitions=30] [--tournaments=3] [--log=embedded|kafka] [--json=out.json]
 *                                     [--server-node-flags='--cpu-prof --cpu-prof-dir=/tmp/prof']
 *
 * The server runs as deployed (`api/src/main.ts` in a child process, TRUST_PROXY=true so that the 193 sign-ups of
 * the setup can come from several addresses) on Postgres (DATABASE_URL, else embedded) and the embedded log (or
 * Kafka). A manager and 128 players sign up over HTTP. Measured, `repetitions` times each, one after another:
 *
 * - knockout draw: a KNOCKOUT tournament (singles) with the 128 players entered by the manager;
 *   `POST …/draw {seeding: "RATING"}` (127 matches in 7 rounds);
 * - Mexicano draw: a MEXICANO club night of 64 players on 16 courts; the draw makes round 1 (16 games);
 * - Mexicano next round: in one club night, every game of its last round scored (PUT games/{id}), then
 *   `POST …/rounds` (16 games from the leaderboard).
 *
 * The draws go to `tournaments` fresh tournaments of each kind in turn: the first draw of each, then draws again
 * (a draw replaces the last while no result exists: the same command, with the old bracket or round replaced), so
 * that 30 draws do not need 30 × 128 entries first; the first draws are reported apart as well.
 *
 * Each is timed from just before the command's request to (a) its answer (201 once projected; a 202 is counted: in
 * the log, not yet projected) and (b) the first `GET api/v1/tournaments/{id}` that shows it (asked again at once
 * until it does). Reported p50/p90/p99/max of both; the goal is p99 ≤ 1 s for (b).
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { TOURNAMENT_ADMIN_API } from '@courtside/events/api-paths';
import { HttpClient } from '../../tests/support/http-client.ts';
import {
  clubWithPlayers,
  enteredTournament,
  tournamentPath,
  type TournamentView,
} from './bench-tournament.ts';
import { startServerProcess } from './server-process.ts';
import { Cleanups, positiveOption, serverEnvironment } from './services.ts';
import { round, summarize, type Summary } from './stats.ts';
import { machineInfo } from './system.ts';

const GOAL_P99_MS = 1_000;
type TournamentBody = Parameters<typeof enteredTournament>[2];
const nowMs = () => performance.now();
const monotonicMs = () => round(Number(process.hrtime.bigint()) / 1e6, 1);

interface Sample {
  answerMs: number;
  visibleMs: number;
  status: number;
}

/**
 * Times `command` from its send to its answer and to the first read that shows its outcome: `shows` holds and the
 * `made` ids (the draw's matches, the round's games) are not the ones read before the command (a draw again).
 */
async function timed(
  reader: HttpClient,
  tournamentId: string,
  command: () => Promise<{ status: number; body: unknown }>,
  shows: (view: TournamentView) => boolean,
  made: (view: TournamentView) => string,
): Promise<Sample> {
  const before = made((await reader.json<TournamentView>('GET', tournamentPath(tournamentId))).body);
  const start = nowMs();
  const answer = await command();
  const answerMs = nowMs() - start;
  if (answer.status !== 201 && answer.status !== 202)
    throw new Error(`command: ${answer.status} ${JSON.stringify(answer.body)}`);
  for (;;) {
    const read = await reader.json<TournamentView>('GET', tournamentPath(tournamentId));
    if (read.status === 200 && shows(read.body) && made(read.body) !== before) break;
    if (nowMs() - start > 60_000) throw new Error('not shown within 60 s');
  }
  return { answerMs, visibleMs: nowMs() - start, status: answer.status };
}

const drawMatches = (view: TournamentView) => (view.draw?.rounds ?? []).flatMap((r) => r.matchIds).join();
const lastRoundGames = (view: TournamentView) =>
  (view.rounds?.at(-1)?.games ?? []).map((game) => game.gameId).join();

function report(samples: Sample[], firstDraws = 0) {
  return {
    ...(firstDraws > 0
      ? { firstDrawsShownMs: summarize(samples.slice(0, firstDraws).map((s) => s.visibleMs)) }
      : {}),
    answeredMs: summarize(samples.map((sample) => sample.answerMs)),
    shownMs: summarize(samples.map((sample) => sample.visibleMs)),
    answered202: samples.filter((sample) => sample.status === 202).length,
    /** In the order made, to see a trend (a tournament's stream grows with every draw). */
    eachShownMs: samples.map((sample) => round(sample.visibleMs)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repetitions: { type: 'string', default: '30' },
      tournaments: { type: 'string', default: '3' },
      'server-node-flags': { type: 'string', default: '' },
      log: { type: 'string', default: 'embedded' },
      json: { type: 'string' },
    },
    strict: true,
  });
  const repetitions = Math.floor(positiveOption('repetitions', values.repetitions, 1_000));
  const tournaments = Math.min(
    repetitions,
    Math.floor(positiveOption('tournaments', values.tournaments, 100)),
  );
  if (values.log !== 'kafka' && values.log !== 'embedded') throw new Error('--log must be embedded or kafka');
  const cleanups = new Cleanups();
  process.once('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  try {
    const loadBefore = loadavg().map((value) => round(value));
    const { env, log, postgres } = await serverEnvironment(cleanups, 'tournament_draws', values.log);
    const { url } = await startServerProcess(
      cleanups,
      { ...env, TRUST_PROXY: 'true' },
      values['server-node-flags'].split(' ').filter(Boolean),
    );
    const { manager, companyId, playerIds } = await clubWithPlayers(url, 'Draw Club', 128);
    const reader = new HttpClient(url);
    console.error(`${playerIds.length} players signed up`);
    const loadDuring: number[] = [];
    const admin = (tournamentId: string) => `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}`;

    // The tournaments are set up first, one after another (one club's changes queue up), then the draws timed.
    const setUp = async (body: (index: number) => TournamentBody, players: readonly string[]) => {
      const ids: string[] = [];
      for (let index = 0; index < tournaments; index++)
        ids.push(await enteredTournament(manager, companyId, body(index), players));
      return ids;
    };
    const knockoutIds = await setUp(
      (index) => ({
        name: `Club championship ${index + 1}`,
        format: 'KNOCKOUT',
        sportsCategory: 'TENNISSINGLE',
      }),
      playerIds,
    );
    const mexicanoBody = (index: number) => ({
      name: `Mexicano night ${index + 1}`,
      format: 'MEXICANO',
      sportsCategory: 'PADEL',
      courts: 16,
    });
    const mexicanoIds = await setUp(mexicanoBody, playerIds.slice(0, 64));
    console.error(`${knockoutIds.length + mexicanoIds.length} tournaments set up`);

    // Each phase's span on the monotonic clock (the one a --cpu-prof profile's timestamps use), to cut a profile.
    const phases: Record<string, [number, number]> = {};
    let phaseStart = monotonicMs();
    const knockout: Sample[] = [];
    for (let index = 0; index < repetitions; index++) {
      const tournamentId = knockoutIds[index % tournaments]!;
      knockout.push(
        await timed(
          reader,
          tournamentId,
          () => manager.json('POST', `${admin(tournamentId)}/draw`, { seeding: 'RATING' }),
          (view) => (view.draw?.rounds ?? []).reduce((sum, r) => sum + r.matchIds.length, 0) === 127,
          drawMatches,
        ),
      );
      loadDuring.push(loadavg()[0]!);
    }
    phases.knockoutDraws = [phaseStart, monotonicMs()];
    console.error(`knockout draws: ${JSON.stringify(report(knockout).shownMs)}`);
    phaseStart = monotonicMs();

    const mexicanoDraws: Sample[] = [];
    let lastNight = '';
    for (let index = 0; index < repetitions; index++) {
      const tournamentId = mexicanoIds[index % tournaments]!;
      mexicanoDraws.push(
        await timed(
          reader,
          tournamentId,
          () => manager.json('POST', `${admin(tournamentId)}/draw`, { seeding: 'RATING' }),
          (view) => view.rounds?.length === 1 && view.rounds[0]!.games.length === 16,
          lastRoundGames,
        ),
      );
      lastNight = tournamentId;
      loadDuring.push(loadavg()[0]!);
    }
    phases.mexicanoDraws = [phaseStart, monotonicMs()];
    console.error(`Mexicano draws: ${JSON.stringify(report(mexicanoDraws).shownMs)}`);

    // The next rounds of the last night: its open round scored in full, then the round made from the leaderboard.
    phaseStart = monotonicMs();
    const nextRounds: Sample[] = [];
    for (let index = 0; index < repetitions; index++) {
      const view = (await reader.json<TournamentView>('GET', tournamentPath(lastNight))).body;
      const open = view.rounds!.at(-1)!;
      for (const [court, game] of open.games.entries()) {
        const pointsA = 6 + ((court * 5 + index * 3) % 13);
        const scored = await manager.json('PUT', `${tournamentPath(lastNight)}/games/${game.gameId}`, {
          pointsA,
          pointsB: 24 - pointsA,
        });
        if (scored.status !== 200) throw new Error(`score: ${scored.status} ${JSON.stringify(scored.body)}`);
      }
      const made = open.round + 1;
      nextRounds.push(
        await timed(
          reader,
          lastNight,
          () => manager.json('POST', `${admin(lastNight)}/rounds`),
          (shown) => shown.rounds?.at(-1)?.round === made && shown.rounds.at(-1)!.games.length === 16,
          lastRoundGames,
        ),
      );
      loadDuring.push(loadavg()[0]!);
    }

    phases.mexicanoNextRounds = [phaseStart, monotonicMs()];
    const results = {
      knockoutDraw128: report(knockout, tournaments),
      mexicanoDraw64: report(mexicanoDraws, tournaments),
      mexicanoNextRound64: report(nextRounds),
    };
    const met = Object.values(results).every(
      (result) => result.shownMs !== undefined && result.shownMs.p99 <= GOAL_P99_MS,
    );
    const output = {
      when: new Date().toISOString(),
      machine: machineInfo(),
      loadAverageBefore: loadBefore,
      loadAverageDuring: summarize(loadDuring),
      loadAverageAfter: loadavg().map((value) => round(value)),
      log,
      postgres: postgres.origin,
      repetitions,
      phasesMonotonicMs: phases,
      ...results,
      goal: { p99Ms: GOAL_P99_MS, met },
    };
    console.log(JSON.stringify(output, null, 2));
    const line = (label: string, summary: Summary | undefined) =>
      summary
        ? `${label}: n=${summary.count} p50 ${summary.p50} ms, p90 ${summary.p90} ms, p99 ${summary.p99} ms, max ${summary.max} ms`
        : `${label}: no samples`;
    for (const [name, result] of Object.entries(results)) {
      console.log(line(`${name} answered`, result.answeredMs));
      console.log(line(`${name} shown by GET`, result.shownMs));
    }
    console.log(`goal p99 ≤ ${GOAL_P99_MS} ms (shown): ${met ? 'met' : 'NOT met'}`);
    if (values.json) await writeFile(values.json, `${JSON.stringify(output, null, 2)}\n`);
  } finally {
    await cleanups.runAll();
  }
}

await main();
