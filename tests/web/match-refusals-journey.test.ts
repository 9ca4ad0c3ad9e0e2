import { describe, expect, it } from 'vitest';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { documentViolations, expectAxeClean } from '../support/axe.ts';
import { club } from '../support/club.ts';
import { focusStaysOnThePage, tabTo } from '../support/keyboard.ts';
import type { HttpClient } from '../support/http-client.ts';
import { sentUntilTaken } from '../support/wait.ts';

describe('a refused match command on a Dutch phone', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  /** A club of Ann and Bob with a planned match between them. */
  async function plannedMatch(companyName: string) {
    const { manager, seasonId, teams } = await club(courtside.url, {
      companyName,
      players: ['Ann Smit', 'Bob de Vries'],
    });
    const [ann, bob] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const created = await sentUntilTaken(() =>
      manager.json<{ matchId: string }>('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
        defenderId: ann.teamId,
        challengerId: bob.teamId,
      }),
    );
    expect(created.status).toBe(201);
    return { manager, bob, matchId: created.body.matchId };
  }

  /** A manager cancels the match (the page does not know yet). */
  async function cancel(manager: HttpClient, matchId: string) {
    const cancelled = await sentUntilTaken(() =>
      manager.json('DELETE', `${MATCHES_API}/matches/${matchId}/cancel`),
    );
    expect(cancelled.status).toBe(200);
  }

  it('says in Dutch that the match was cancelled while its score was being entered', async () => {
    const { manager, bob, matchId } = await plannedMatch('TC Weigeringen');

    // Bob starts entering the score on his phone...
    const phone = await courtside.newBrowser(bob.http);
    const { page } = phone;
    await page.goto(`${courtside.url}/webapps/matches/nl/`);
    const card = page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);
    await card.getByRole('button', { name: 'Bewerken' }).click();
    await card.getByLabel('Score set 1 van Ann Smit').fill('6');
    await card.getByLabel('Score set 1 van Bob de Vries').fill('4');

    // ...while a manager cancels the match.
    const cancelled = await sentUntilTaken(() =>
      manager.json('DELETE', `${MATCHES_API}/matches/${matchId}/cancel`),
    );
    expect(cancelled.status).toBe(200);

    await card.getByRole('button', { name: 'Opslaan' }).click();
    await page.locator('[data-kind="error"]', { hasText: 'Deze wedstrijd is geannuleerd.' }).waitFor();
    // Not the api's English.
    expect(await page.getByText('This match was cancelled').count()).toBe(0);
    await phone.screenshot('match-refused-cancelled-phone-nl');
    await expectAxeClean(page, 'a refused save on a Dutch phone');
    await focusStaysOnThePage(page, 'the refused save');
  });

  it('says in Dutch on the live scorer that the match was cancelled while it was being scored', async () => {
    const { manager, bob, matchId } = await plannedMatch('TC Weigeringen live');
    const phone = await courtside.newBrowser(bob.http);
    const { page } = phone;
    await page.goto(`${courtside.url}/webapps/matches/nl/score/${matchId}`);
    await page.getByRole('button', { name: 'Beginnen met tellen' }).click();
    const scorer = page.getByTestId('scorer');
    await page.getByTestId('point-defender').click();
    await expect.poll(() => scorer.getAttribute('data-pending')).toBe('0');

    await cancel(manager, matchId);
    // With the keyboard: the focus must stay visible on the page after the refusal.
    await tabTo(page, page.getByTestId('point-challenger'));
    await page.keyboard.press('Enter');
    await page
      .getByTestId('scorer-status')
      .getByText('De stand kon niet worden verstuurd: Deze wedstrijd is geannuleerd.')
      .waitFor();
    expect(await page.getByText('This match was cancelled').count()).toBe(0);
    await phone.screenshot('scorer-refused-cancelled-phone-nl');
    // The scorer is a page of its own, without the site's main region: the whole document is checked.
    expect(await documentViolations(page, 'a refused point on a Dutch phone')).toEqual([]);
    await focusStaysOnThePage(page, 'the refused point');
  });
});
