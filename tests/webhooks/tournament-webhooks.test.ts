import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { drawnKnockout, scoreOf } from '../support/club.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { eventually } from '../support/wait.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

interface Drawn {
  entries: Array<{ entryId: string }>;
  draw?: { rounds: Array<{ matchIds: string[] }> };
}

/**
 * DESIGN.md §18 for tournaments, over HTTP with Postgres and the embedded log: each tournament event is a
 * `tournament.updated {tournamentId, changed}` (the live push's `changed`), and a knockout's draw match completes as
 * a match of its tournament (`tournamentId`, never a season, and no standings).
 */
describe('tournament webhooks (DESIGN.md §18)', () => {
  const courtside = courtsideForTests({ runWebhooks: true, webhookPollMs: 50 });
  const all = new WebhookReceiver();
  const matchesOnly = new WebhookReceiver();
  beforeAll(async () => {
    await all.start();
    await matchesOnly.start();
  });
  afterAll(async () => {
    await all.stop();
    await matchesOnly.stop();
  });

  async function register(
    manager: HttpClient,
    companyId: string,
    receiver: WebhookReceiver,
    types: string[],
  ) {
    const created = await manager.json<{ secret: string }>(
      'POST',
      `${ADMIN_API}/companies/${companyId}/webhooks`,
      {
        url: receiver.url('/hooks'),
        types,
      },
    );
    expect(created.status).toBe(201);
    receiver.trust('/hooks', created.body.secret);
  }

  it('sends a knockout’s changes as tournament.updated, and its draw match’s result with its tournamentId', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Tennis Club Hooks');
    // Given an endpoint for tournaments, matches and standings, and one for matches only,
    await register(manager, company.id, all, ['tournament.updated', 'match.completed', 'standings.changed']);
    await register(manager, company.id, matchesOnly, ['match.completed']);
    const players = [
      await signedInPerson(courtside.url, 'Ann Ace'),
      await signedInPerson(courtside.url, 'Bo Break'),
    ];

    // when a knockout of two is created, entered, drawn and its one match played,
    const { tournamentId, drawn } = await drawnKnockout<Drawn>(manager, company.id, 'Hook cup', players);
    const [first, second] = drawn.entries.map((entry) => entry.entryId);
    const matchId = drawn.draw!.rounds[0]!.matchIds[0]!;
    const saved = await manager.json('PUT', `${MATCHES_API}/matches`, { id: matchId, ...scoreOf('6-3 6-4') });
    expect(saved.status).toBe(200);

    // then the first endpoint hears each change in log order, the result last, naming the tournament,
    const completed = {
      matchId,
      tournamentId,
      sides: { defender: first, challenger: second },
      sets: [
        { defender: 6, challenger: 3 },
        { defender: 6, challenger: 4 },
      ],
      winner: first,
    };
    await eventually(() => all.accepted((delivery) => delivery.type === 'match.completed').length === 1);
    expect(all.accepted().map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'tournament.updated', data: { tournamentId, changed: [] } },
      { type: 'tournament.updated', data: { tournamentId, changed: ['entries'] } },
      { type: 'tournament.updated', data: { tournamentId, changed: ['entries'] } },
      { type: 'tournament.updated', data: { tournamentId, changed: ['draw'] } },
      { type: 'match.completed', data: completed },
    ]);
    expect(all.refused).toEqual([]);
    // and the one for matches only hears the result alone.
    await eventually(() => matchesOnly.accepted().length === 1);
    expect(matchesOnly.accepted().map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'match.completed', data: completed },
    ]);
  });
});
