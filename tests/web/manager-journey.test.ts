import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, managerWithCompany } from '../support/accounts.ts';
import { type ViewportName, selectTab } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/** YYYY-MM-DD of today plus whole years and months (local time, as the browser's date inputs). */
function day(years: number, months = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years, date.getMonth() + months, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export async function signIn(page: Page, baseUrl: string, email: string, target: string): Promise<void> {
  await page.goto(`${baseUrl}/webapps/account/en/login?from=${encodeURIComponent(target)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/webapps${target}`);
}

/** An alert (top centre) with this text. */
export async function alertShows(page: Page, text: string): Promise<void> {
  await page.locator('[data-kind]', { hasText: text }).first().waitFor();
}

describe.each<ViewportName>(['desktop', 'phone'])('the manager journey on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('creates a ladder and a season, edits the season, and deletes both through the dialog', async () => {
    const http = new HttpClient(courtside.url);
    const { account, company } = await managerWithCompany(http, `TC Manager ${viewport}`);
    const browser = await courtside.newBrowser();
    const shot = (name: string) => browser.screenshot(`manager-${name}-${viewport}`);
    try {
      const { page } = browser;
      const ladders = `/manager/en/${company.id}/ladders`;
      await signIn(page, courtside.url, account.email, ladders);

      // No ladders yet: the new-ladder form only, with Save disabled.
      await page.getByRole('heading', { name: 'New ladder' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Ladder']);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      expect(await save.isDisabled()).toBe(true);
      expect(await page.getByLabel('Sports category').inputValue()).toBe('TENNISSINGLE');
      await page.getByLabel('Name').fill('Summer Singles');
      await page.getByLabel('Email address').fill('not-an-email');
      await page.getByText('Enter a valid email address').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await shot('new-ladder-error');
      await page.getByLabel('Email address').fill('ladder@example.com');
      await expect.poll(() => save.isEnabled()).toBe(true);
      await shot('new-ladder');
      await save.click();

      // Saved: the ladder's own address, the Season and Ladder tabs, the name in the toolbar.
      await alertShows(page, 'Ladder created');
      await page.waitForURL(`**/webapps${ladders}/Summer%20Singles`);
      await page.getByRole('tab', { name: 'Season' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Season', 'Ladder']);
      await expect.poll(() => page.getByTestId('ladder-label').textContent()).toBe('Summer Singles');
      await page.getByText('No seasons yet').waitFor();
      await shot('no-seasons');

      // A season in the future (not active, so it can be deleted later).
      await page.locator('main').getByRole('button', { name: 'Add season' }).click();
      await page.getByRole('heading', { name: 'New season' }).waitFor();
      expect(await page.getByLabel('Minimum matches').inputValue()).toBe('3');
      await page.getByLabel('Name').fill('Spring');
      await page.getByLabel('Start date').fill(day(2));
      await page.getByLabel('End date').fill(day(1));
      await page.getByText('The end date cannot be before the start date').waitFor();
      await page.getByLabel('End date').fill(day(2, 3));
      await page.getByLabel('Minimum matches').fill('');
      await page.getByLabel('Minimum matches').pressSequentially('4a-');
      expect(await page.getByLabel('Minimum matches').inputValue()).toBe('4');
      await page.getByRole('switch', { name: 'Registration possible' }).click();
      await page.getByLabel('Match type').selectOption('BESTOFFIVE');
      await shot('new-season');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await alertShows(page, 'Season created');

      // Selected: Participants, Matches and Season tabs.
      await page.getByRole('tab', { name: 'Participants' }).waitFor();
      await page.getByRole('button', { name: /Waiting for approval/ }).waitFor();
      await expect.poll(() => page.getByTestId('season-label').textContent()).toBe('Spring (active)');
      await shot('participants-empty');
      // The spec's tab names, twice "Season": each tab list is named for what its tabs belong to.
      expect(await page.getByRole('tab').allTextContents()).toEqual([
        'Season',
        'Ladder',
        'Participants',
        'Matches',
        'Season',
      ]);
      expect(
        await page.getByRole('tablist').evaluateAll((lists) => lists.map((list) => list.ariaLabel)),
      ).toEqual(['Ladder Summer Singles', 'Season Spring']);
      await selectTab(page.getByRole('tab', { name: 'Matches' }));
      await page.getByRole('heading', { name: 'Matches' }).waitFor();
      await shot('matches-tab');

      // Edit the season; Save is off until something changes.
      await selectTab(page.getByRole('tab', { name: 'Season' }).last());
      const seasonSave = page.getByRole('button', { name: 'Save', exact: true });
      await page.getByLabel('Name').waitFor();
      expect(await seasonSave.isDisabled()).toBe(true);
      expect(await page.getByLabel('Match type').inputValue()).toBe('BESTOFFIVE');
      expect(await page.getByLabel('Minimum matches').inputValue()).toBe('4');
      await page.getByLabel('Name').fill('Spring Open');
      await seasonSave.click();
      await alertShows(page, 'Season changed');
      await expect.poll(() => page.getByTestId('season-label').textContent()).toBe('Spring Open (active)');

      // A second season overlapping the first cannot be saved.
      await page.getByRole('button', { name: 'Add season' }).click();
      await page.getByLabel('Name').fill('Overlap');
      await page.getByLabel('Start date').fill(day(2, 1));
      await page.getByLabel('End date').fill(day(2, 5));
      await page.getByText('Season overlaps with another season').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      await shot('season-overlap');
      await page.getByLabel('Start date').fill(day(3));
      await page.getByLabel('End date').fill(day(3, 2));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await alertShows(page, 'Season created');

      // Two seasons: a dropdown; pick the first one again.
      await page.getByRole('button', { name: /Overlap/ }).click();
      await page.getByRole('option', { name: 'Spring Open (active)' }).click();
      await shot('season-dropdown');
      await selectTab(page.getByRole('tab', { name: 'Season' }).last());

      // Delete it through the dialog: only exactly "delete" enables Delete.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText("Deleting this is permanent and can't be undone").waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type delete to delete permanently').fill('Delete');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Type delete to delete permanently').fill('delete');
      expect(await confirm.isEnabled()).toBe(true);
      await shot('delete-dialog');
      await confirm.click();
      await alertShows(page, 'Season deleted');
      await expect.poll(() => page.getByTestId('season-label').textContent()).toBe('Overlap (active)');

      // A second ladder: its name must be free; the toolbar becomes a dropdown.
      await page.getByRole('link', { name: 'Add ladder' }).click();
      await page.getByRole('heading', { name: 'New ladder' }).waitFor();
      await page.getByLabel('Name').fill('summer singles');
      await page.getByLabel('Email address').fill('padel@example.com');
      await page.getByText('Laddername is not available').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      await shot('ladder-name-taken');
      await page.getByLabel('Name').fill('Winter Padel');
      await page.getByLabel('Sports category').selectOption('PADEL');
      await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await alertShows(page, 'Ladder created');
      await page.waitForURL(`**/webapps${ladders}/Winter%20Padel`);
      await page.getByRole('button', { name: 'Choose a ladder' }).click();
      await shot('ladder-dropdown');
      await page.getByRole('option', { name: 'Summer Singles' }).click();
      await page.waitForURL(`**/webapps${ladders}/Summer%20Singles`);

      // Delete the ladder (its remaining season is not active).
      await selectTab(page.getByRole('tab', { name: 'Ladder' }));
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog').getByLabel('Type delete to delete permanently').fill('delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await alertShows(page, 'Ladder deleted');
      await page.waitForURL(`**/webapps${ladders}/Winter%20Padel`);
      await expect.poll(() => page.getByTestId('ladder-label').textContent()).toBe('Winter Padel');
      await shot('after-delete');

      // The history page tells what happened.
      await page.getByRole('link', { name: 'History' }).click();
      await page.waitForURL(`**/webapps/audit/en/${company.id}`);
      await page.getByText('Deleted ladder Summer Singles').waitFor();
      await page.getByText('Created ladder Winter Padel').waitFor();
      await shot('audit');
    } catch (error) {
      await shot('failure');
      throw error;
    } finally {
      await browser.close();
    }
  });
});
