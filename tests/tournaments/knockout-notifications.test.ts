import { describe, expect, it } from 'vitest';
import { MATCHES_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { drawnKnockout, scoreOf } from '../support/club.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { notificationOf } from '../support/notifications.ts';

/**
 * DESIGN.md §16 notifications of a knockout: the draw tells each side its first match (a seed with a bye, whom it
 * may meet), a counted result tells the winner and its next opponent their match (`tournament.result`); the draw
 * match's own notifications (a result to confirm) reach the entries' players under the tournament's name.
 */
describe('knockout notifications', () => {
  const courtside = courtsideForTests({ runNotifier: true, reminderIntervalMs: 3_600_000 });

  it('tells the draw, a result to confirm and the next match, in the players’ words', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Tennis Club North');
    const players = [];
    for (const name of ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge'])
      players.push(await signedInPerson(courtside.url, name));
    const { tournamentId, drawn } = await drawnKnockout<{ draw: { rounds: Array<{ matchIds: string[] }> } }>(
      manager,
      company.id,
      'Club cup',
      players,
    );
    const until = notificationOf;
    const [ann, , , di, ed] = players;
    const page = `/webapps/tournaments/en/${tournamentId}`;

    // Five sides: Ann, Bo and Cy have byes; Di and Ed play round 1.
    expect(await until(ann!.http, 'tournament.drawn')).toMatchObject({
      title: 'Club cup: a bye in round 1',
      body: 'You play round 2 against the winner of Di Drop – Ed Edge.',
      url: expect.stringContaining(page),
    });
    expect(await until(di!.http, 'tournament.drawn')).toMatchObject({
      title: 'Club cup: your first match',
      body: 'Round 1: against Ed Edge.',
    });

    // Di's win waits for Ed, who is asked under the tournament's name; Ed confirms, and Ann hears her next match.
    const [r1] = drawn.draw.rounds[0]!.matchIds;
    const saved = await di!.http.json('PUT', `${MATCHES_API}/matches`, { id: r1, ...scoreOf('6-3 6-4') });
    expect(saved.status).toBe(200);
    expect((await until(ed!.http, 'result.toConfirm')).body).toMatch(
      /^Club cup: Di Drop – Ed Edge 6-3 6-4\./,
    );
    expect((await ed!.http.json('POST', `${MATCHES_API}/matches/${r1}/confirm`)).status).toBe(200);
    expect(await until(ann!.http, 'tournament.result')).toMatchObject({
      title: 'Club cup: your next match',
      body: 'Round 2: against Di Drop.',
    });
    expect(await until(di!.http, 'tournament.result')).toMatchObject({ body: 'Round 2: against Ann Ace.' });
  });
});
