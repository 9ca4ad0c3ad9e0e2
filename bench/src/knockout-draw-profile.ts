/**
 * Where a knockout draw of 128 spends its time in Postgres: Courtside in this process (embedded log; DATABASE_URL's
 * server, else an embedded Postgres; api, projector, notifier and all), 128 players entered, then `--draws` draws of
 * the one tournament (the first, then draws again), every statement of the process timed during them
 * (bench/src/pg-profile.ts). Prints each draw's answer time and the statements by total time, per draw.
 *
 *   node --import tsx bench/src/knockout-draw-profile.ts [--draws=10] [--top=25]
 */
import { parseArgs } from 'node:util';
import { TOURNAMENT_ADMIN_API } from '@courtside/events/api-paths';
import { expectStatus, signedIn } from './bench-accounts.ts';
import { startBenchCompany } from './bench-company.ts';
import { enteredTournament } from './bench-tournament.ts';
import { installQueryProfile, queryStats, resetQueryProfile } from './pg-profile.ts';
import { Cleanups } from './services.ts';
import { round, summarize } from './stats.ts';

const { values } = parseArgs({
  options: { draws: { type: 'string', default: '10' }, top: { type: 'string', default: '25' } },
});
const draws = Number(values.draws);
const profile = installQueryProfile();
const cleanups = new Cleanups();
try {
  const { courtside, http: manager, companyId } = await startBenchCompany(cleanups, 'bench_knockout_profile');
  const url = courtside.url!;
  const playerIds: string[] = [];
  for (let index = 0; index < 128; index++) playerIds.push((await signedIn(url, `player${index}`)).id);
  const tournamentId = await enteredTournament(
    manager,
    companyId,
    { name: 'Club championship', format: 'KNOCKOUT', sportsCategory: 'TENNISSINGLE' },
    playerIds,
  );
  const answers: number[] = [];
  resetQueryProfile();
  profile.recording = true;
  for (let index = 0; index < draws; index++) {
    const start = performance.now();
    const drawn = await manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`, {
      seeding: 'RATING',
    });
    answers.push(performance.now() - start);
    expectStatus(drawn, 201, 'draw');
  }
  // The notifier and the rest finish what the draws started.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  profile.recording = false;
  console.log(`draws answered (ms): ${answers.map((ms) => round(ms)).join(', ')}`);
  console.log(`summary: ${JSON.stringify(summarize(answers))}`);
  const stats = queryStats();
  const total = stats.reduce((sum, stat) => sum + stat.totalMs, 0);
  const count = stats.reduce((sum, stat) => sum + stat.count, 0);
  console.log(`statements: ${round(count / draws, 1)} a draw, ${round(total / draws)} ms a draw in all`);
  for (const stat of stats.slice(0, Number(values.top)))
    console.log(
      `${String(round(stat.totalMs / draws)).padStart(8)} ms/draw ${String(round(stat.count / draws, 1)).padStart(7)}×/draw p50 ${stat.p50} ms  ${stat.statement}`,
    );
} finally {
  await cleanups.runAll();
}
