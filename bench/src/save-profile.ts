/**
 * One save, from command to everything it sets off: a manager saves match results (`PUT matches` with sets), one at
 * a time, in a club whose season has `--teams` teams; Courtside runs in this process as `npm start` runs it (api,
 * projector, notifier with its mail and push senders; the embedded log) on an embedded Postgres of its own, so that
 * Postgres's processes are this process's children and their CPU can be counted (DATABASE_URL is ignored).
 *
 *   node --import tsx bench/src/save-profile.ts [--saves=200] [--teams=8] [--top=30]
 *
 * Every match is made first. After a warm-up of 20 saves, every statement the process sends during `--saves` saves is counted and timed
 * (bench/src/pg-profile.ts), and the CPU of this process and of Postgres's processes is read before and after.
 * Printed per save: the answer's time, the statements (in all and the most frequent), CPU ms of Node and of
 * Postgres. One save in three is won by the challenger, so the standings and ratings move as they do in a club.
 */
import { parseArgs } from 'node:util';
import { ACCOUNT_API, ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { expectStatus, signedIn } from './bench-accounts.ts';
import { seedClub, standingTeamIds } from './bench-club.ts';
import { startWholeCourtside } from './bench-company.ts';
import { installQueryProfile, queryStats, resetQueryProfile } from './pg-profile.ts';
import { Cleanups, startPostgres } from './services.ts';
import { round, summarize } from './stats.ts';
import { descendantsCpu, loadNow, machineInfo } from './system.ts';

const { values } = parseArgs({
  options: {
    saves: { type: 'string', default: '200' },
    teams: { type: 'string', default: '8' },
    top: { type: 'string', default: '30' },
  },
});
const saves = Number(values.saves);
const teams = Number(values.teams);
const WARMUP = 20;

const profile = installQueryProfile();
const cleanups = new Cleanups();
delete process.env.DATABASE_URL;
try {
  const loadBefore = loadNow();
  const postgres = await startPostgres(cleanups);
  const databaseUrl = await postgres.createDatabase('bench_save_profile');
  const courtside = await startWholeCourtside(cleanups, databaseUrl);
  const url = courtside.url!;
  const manager = await signedIn(url, 'manager');
  const company = await manager.http.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: 'Save Profile Club',
  });
  expectStatus(company, 201, 'company');
  const { seasonId, ladderId } = await seedClub(url, manager.http, company.body.id, teams, 0);
  const teamIds = await standingTeamIds(manager.http, ladderId);

  // Every match made first: a turn measures its save alone.
  const matchIds: string[] = [];
  for (let turn = 0; turn < WARMUP + saves; turn++) {
    const created = await manager.http.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      { defenderId: teamIds[turn % teamIds.length]!, challengerId: teamIds[(turn + 1) % teamIds.length]! },
    );
    expectStatus(created, 201, 'match');
    matchIds.push(created.body.matchId);
  }
  const side = (...games: number[]) => ({
    matchSets: games.map((score, index) => ({ order: index + 1, score })),
    special: 'none',
  });
  const save = async (turn: number): Promise<number> => {
    const challengerWins = turn % 3 === 0;
    const started = performance.now();
    const saved = await manager.http.json('PUT', `${MATCHES_API}/matches`, {
      id: matchIds[turn]!,
      defender: challengerWins ? side(3, 4) : side(6, 6),
      challenger: challengerWins ? side(6, 6) : side(3, 4),
    });
    const answered = performance.now() - started;
    expectStatus(saved, 200, 'save');
    return answered;
  };
  for (let turn = 0; turn < WARMUP; turn++) await save(turn);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  resetQueryProfile();
  profile.recording = true;
  const nodeBefore = process.cpuUsage();
  const childrenBefore = descendantsCpu();
  const answers: number[] = [];
  for (let turn = WARMUP; turn < WARMUP + saves; turn++) answers.push(await save(turn));
  // What the saves set off after their answers (the notifier, its mails and pushes) finishes.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  profile.recording = false;
  const node = process.cpuUsage(nodeBefore);
  const childrenAfter = descendantsCpu();
  const postgresSeconds = (childrenAfter.get('postgres') ?? 0) - (childrenBefore.get('postgres') ?? 0);

  const stats = queryStats();
  const count = stats.reduce((sum, stat) => sum + stat.count, 0);
  console.log(`${saves} saves, load ${loadBefore.join(' ')} → ${loadNow().join(' ')}`);
  console.log(`save answered (ms): ${JSON.stringify(summarize(answers))}`);
  console.log(
    `CPU per save: Node ${round((node.user + node.system) / 1000 / saves, 2)} ms (user ${round(node.user / 1000 / saves, 2)}, system ${round(node.system / 1000 / saves, 2)}), Postgres ${round((postgresSeconds * 1000) / saves, 2)} ms`,
  );
  console.log(`statements per save: ${round(count / saves, 1)}`);
  for (const stat of [...stats].sort((a, b) => b.count - a.count).slice(0, Number(values.top)))
    console.log(
      `${String(round(stat.count / saves, 2)).padStart(6)}×  p50 ${String(stat.p50).padStart(6)} ms  ${stat.statement}`,
    );
  console.log(JSON.stringify({ machine: machineInfo() }));
} finally {
  await cleanups.runAll();
}
