import { ACCOUNT_API, TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import type { HttpClient } from '../../tests/support/http-client.ts';
import { expectStatus, signedIn } from './bench-accounts.ts';

/** A tournament's public view (DESIGN.md §16 GET api/v1/tournaments/{id}), the fields the benches read. */
export interface TournamentView {
  tournamentId: string;
  status: string;
  entries: Array<{ entryId: string }>;
  draw?: { rounds: Array<{ round: number; matchIds: string[] }> };
  rounds?: Array<{
    round: number;
    games: Array<{ gameId: string; court: number; pointsA?: number; pointsB?: number }>;
    sittingOut: string[];
  }>;
}

/** Runs `work` over `items`, `parallel` at a time. */
export async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * A manager with a company and `players` more people, signed up over HTTP as people would. The server must trust
 * X-Forwarded-For (TRUST_PROXY=true): the players come from 50 to an address, under the sign-up limit (§19).
 */
export async function clubWithPlayers(url: string, clubName: string, players: number) {
  const manager = await signedIn(url, 'manager');
  const company = await manager.http.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: clubName,
  });
  expectStatus(company, 201, 'company');
  const playerIds: string[] = [];
  await inParallel(
    Array.from({ length: players }, (_, index) => index),
    4,
    async (index) => {
      const player = await signedIn(url, `player${index}`, `10.0.${Math.floor(index / 50)}.1`);
      playerIds[index] = player.id;
    },
  );
  return { manager: manager.http, companyId: company.body.id, playerIds };
}

/** A tournament of the company with these players entered by the manager, in this order (not drawn yet). */
export async function enteredTournament(
  manager: HttpClient,
  companyId: string,
  body: { name: string; format: string; sportsCategory: string; courts?: number },
  playerIds: readonly string[],
): Promise<string> {
  const created = await manager.json<{ tournamentId: string }>(
    'POST',
    `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`,
    {
      ...body,
      startsAt: new Date().toISOString().slice(0, 16),
      entries: 'MANAGER',
      maxEntrants: Math.max(4, playerIds.length),
    },
  );
  expectStatus(created, 201, 'tournament');
  const { tournamentId } = created.body;
  // One after another, and again after a moment while the club is busy (503 BUSY: its queue of changes is full).
  for (const accountId of playerIds) {
    for (let attempt = 1; ; attempt++) {
      const entered = await manager.json(
        'POST',
        `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/entries`,
        {
          accountId,
        },
      );
      if (entered.status === 503 && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        continue;
      }
      expectStatus(entered, 201, 'entry');
      break;
    }
  }
  return tournamentId;
}

export const tournamentPath = (tournamentId: string) => `${TOURNAMENT_API}/tournaments/${tournamentId}`;
