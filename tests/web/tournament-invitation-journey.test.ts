import { describe, expect, it } from 'vitest';
import { DEV_MAILBOX_PATH, TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { documentViolations } from '../support/axe.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';

/**
 * DESIGN.md §16 with §9: a doubles knockout's partner follows the mailed link, reads who asks to which tournament,
 * accepts, and lands on the tournament with the side of both (Dutch, on a phone).
 */
describe('a tournament partner’s invitation page', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  it('says who asks to which tournament, accepts and lands on the tournament with the side of both', async () => {
    const baseUrl = courtside.url;
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padelclub Noord');
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
      {
        name: 'Wintertoernooi',
        format: 'KNOCKOUT',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-12T10:00',
        entries: 'OPEN',
        maxEntrants: 8,
      },
    );
    const { tournamentId } = created.body;
    const [ann, bo] = [
      await signedInPerson(baseUrl, 'Ann Asker'),
      await signedInPerson(baseUrl, 'Bo Partner'),
    ];
    const asked = await ann.http.json('POST', `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`, {
      partnerEmail: bo.account.email,
    });
    expect(asked.status).toBe(201);
    const mail = await manager.json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(bo.account.email)}`,
    );
    const link = /\/webapps\/account\/nl\/invitation\/[^\s]+/.exec(mail.body[0]!.text)![0];

    const page = await courtside.openAs(bo.http, link);
    await page.getByRole('heading', { name: 'Ann Asker vraagt je om samen te spelen' }).waitFor();
    await page.getByText('Wintertoernooi bij Padelclub Noord').waitFor();
    expect(await documentViolations(page, 'tournament invitation page (nl, phone)')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'tournament invitation page')).toEqual([]);
    await page.getByRole('button', { name: 'Accepteren', exact: true }).click();
    await page.waitForURL(`**/webapps/tournaments/nl/${tournamentId}`);
    await page.locator('[data-kind]', { hasText: 'Je bent ingeschreven' }).first().waitFor();
    // The top bar names the signed-in Bo already: the entries' list is what shows the side of both, once projected.
    const side = page.getByTestId('entries').getByRole('listitem');
    await side.filter({ hasText: 'Ann Asker & Bo Partner' }).waitFor();
    expect(await side.count()).toBe(1);
  }, 120_000);
});
