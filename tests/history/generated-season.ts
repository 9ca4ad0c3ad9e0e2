import { expect } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { day as seasonDay, seasonWithTeams } from '../support/ladder-setup.ts';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';

/** mulberry32: a small seeded generator, so a failing season can be generated again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

const side = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

interface Snapshot {
  /** The company's last position when the snapshot was taken. */
  position: number;
  standings: unknown[];
}

/**
 * A season played through the api with a seeded mix of commands: matches with results entered by managers and by
 * players (confirmed, disputed, corrected), reschedules, cancellations, manual moves and removals. Along the way it
 * takes snapshots of the live standings with the company's position at that moment.
 */
export async function generatedSeason(
  baseUrl: string,
  options: { seed: number; teams: number; steps: number; snapshotEvery: number },
) {
  const setup = await seasonWithTeams(baseUrl, options.teams, { rules: { confirmHours: 24 } });
  const { manager, company, seasonId, ladderId } = setup;
  const random = seeded(options.seed);
  const teamIds = setup.teams.map((team) => team.teamId);
  const players = new Map(setup.teams.map((team) => [team.teamId, team.http]));
  const active = () => teamIds.filter((id) => !removed.has(id));
  const removed = new Set<string>();
  const matchIds: string[] = [];
  const pendingBy = new Map<string, string>();
  const snapshots: Snapshot[] = [];
  const anonymous = new HttpClient(baseUrl);

  const ok = (answer: { status: number; body: unknown }, what: string) =>
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

  const lastPosition = async () => {
    const page = await manager.json<{ items: Array<{ seq: number }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events?limit=1`,
    );
    return page.body.items[0]!.seq;
  };

  const playMatch = async (matchId: string, by: HttpClient, defenderWins: boolean) => {
    const [winner, loser] = [side(6, 6), side(random.int(5), random.int(5))];
    return by.json('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      defender: defenderWins ? winner : loser,
      challenger: defenderWins ? loser : winner,
    });
  };

  for (let step = 0; step < options.steps; step++) {
    const teams = active();
    const roll = random.int(100);
    if (roll < 50 || matchIds.length === 0) {
      // A new match between two active teams, played out at once by the manager or a player.
      const defender = teams[random.int(teams.length)]!;
      const rest = teams.filter((id) => id !== defender);
      const challenger = rest[random.int(rest.length)]!;
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        { defenderId: defender, challengerId: challenger },
      );
      ok(created, 'create match');
      const matchId = created.body.matchId;
      matchIds.push(matchId);
      if (random.int(3) === 0) {
        ok(await playMatch(matchId, players.get(challenger)!, random.int(2) === 0), 'player result');
        pendingBy.set(matchId, defender);
      } else {
        ok(await playMatch(matchId, manager, random.int(2) === 0), 'manager result');
      }
    } else if (roll < 65 && pendingBy.size > 0) {
      // The other side answers a pending result.
      const [matchId, answering] = [...pendingBy][random.int(pendingBy.size)]!;
      pendingBy.delete(matchId);
      const http = players.get(answering)!;
      const answer =
        random.int(4) === 0
          ? await http.json('POST', `${MATCHES_API}/matches/${matchId}/dispute`, { reason: 'Not the score' })
          : await http.json('POST', `${MATCHES_API}/matches/${matchId}/confirm`);
      ok(answer, 'answer result');
    } else if (roll < 75) {
      const matchId = matchIds[random.int(matchIds.length)]!;
      const day = String(1 + random.int(28)).padStart(2, '0');
      const view = await manager.json<{ status: string; defender: unknown; challenger: unknown }>(
        'GET',
        `${MATCHES_API}/matches/${matchId}`,
      );
      if (view.body.status === 'cancelled') continue;
      // A manager's save of the scores counts at once: a pending result is settled by it.
      pendingBy.delete(matchId);
      ok(
        await manager.json('PUT', `${MATCHES_API}/matches`, {
          id: matchId,
          defender: view.body.defender,
          challenger: view.body.challenger,
          // Inside the season (Winter: 5 days ago to 90 days on): a date before its first day is refused.
          date: `${seasonDay(Number(day))}T1${random.int(10)}:00`,
        }),
        'reschedule',
      );
    } else if (roll < 82) {
      const matchId = matchIds[random.int(matchIds.length)]!;
      const answer = await manager.json('DELETE', `${MATCHES_API}/matches/${matchId}/cancel`);
      expect([200, 409]).toContain(answer.status);
      pendingBy.delete(matchId);
    } else if (roll < 97 || teams.length <= 4) {
      const teamId = teams[random.int(teams.length)]!;
      const moved = await manager.json(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/position/${1 + random.int(teams.length)}`,
        { teamId },
      );
      expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
    } else {
      const teamId = teams[random.int(teams.length)]!;
      ok(await manager.json('DELETE', `${ADMIN_API}/seasons/${seasonId}/teams/${teamId}`), 'remove');
      removed.add(teamId);
    }
    if (step % options.snapshotEvery === 0) {
      const live = await anonymous.json<{ teams: unknown[] }>(
        'GET',
        `${LADDER_API}/ladders/${ladderId}/standings`,
      );
      snapshots.push({ position: await lastPosition(), standings: live.body.teams });
    }
  }
  return { ...setup, matchIds, snapshots, lastPosition };
}
