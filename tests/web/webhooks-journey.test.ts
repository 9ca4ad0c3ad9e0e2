import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import { focusStaysOnThePage, tabTo, typeInto } from '../support/keyboard.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { eventually } from '../support/wait.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * DESIGN.md §18 on the manager screen, with the keyboard alone on a phone: add an endpoint (its secret shown once),
 * send a test that a real receiver verifies, see the delivery, redeliver it.
 */
describe('the webhooks section on a phone, with the keyboard', () => {
  let courtside: RunningCourtside;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), {
      webDistDir: defaultWebDistDir,
      runWebhooks: true,
      webhookPollMs: 50,
    });
    await receiver.start();
  });
  afterAll(async () => {
    await courtside?.stop();
    await receiver.stop();
  });

  it('adds an endpoint, shows its secret once, sends a verified test and redelivers it', async () => {
    const baseUrl = courtside.url!;
    const ladderName = 'Hook Ladder';
    const { manager, company } = await managerWithSeason(baseUrl, { companyName: 'TC Hooks', ladderName });
    const browser = await openBrowser('phone');
    const { page } = browser;
    try {
      await signInBrowser(browser.context, baseUrl, manager);
      await page.goto(
        `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(ladderName)}`,
      );
      const toggle = page.getByRole('button', { name: 'Webhooks' });
      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      const section = page.getByTestId('webhooks');
      await section.getByText('No endpoints yet.').waitFor();

      await typeInto(page, section.getByLabel('Address'), receiver.url('/club'));
      await typeInto(page, section.getByLabel('Description (optional)'), 'Member system');
      await tabTo(page, section.getByRole('button', { name: 'Add endpoint' }));
      await page.keyboard.press('Enter');
      const secretPanel = section.getByTestId('webhook-secret');
      await secretPanel.waitFor();
      await focusStaysOnThePage(page, 'the endpoint added');
      const secret = (await secretPanel.locator('code').textContent())!;
      expect(secret).toMatch(/^whsec_/);
      receiver.trust('/club', secret);
      await expectAxeClean(page, 'webhooks, the secret shown once');

      // Done: the secret is gone for good (the list never shows it), the focus on the section.
      await tabTo(page, secretPanel.getByRole('button', { name: 'Done' }));
      await page.keyboard.press('Enter');
      await secretPanel.waitFor({ state: 'detached' });
      await focusStaysOnThePage(page, 'the secret put away');
      expect(await section.textContent()).not.toContain(secret);

      const row = section.locator('li[data-webhook]');
      await tabTo(page, row.getByRole('button', { name: `Send test to ${receiver.url('/club')}` }));
      await page.keyboard.press('Enter');
      const ping = await eventually(() => receiver.accepted((delivery) => delivery.type === 'ping')[0]);
      await focusStaysOnThePage(page, 'a test sent');
      const deliveries = row.getByTestId('deliveries');
      await deliveries.waitFor();
      await tabTo(page, row.getByRole('button', { name: 'Refresh' }));
      // The sender's answer comes after the click's list: Refresh until it shows.
      const status = deliveries.getByTestId('delivery-status').first();
      await eventually(
        async () => {
          await page.keyboard.press('Enter');
          return (await status.textContent()) === 'Delivered (200)';
        },
        { intervalMs: 500, message: 'the delivered test in the list' },
      );
      await expectAxeClean(page, 'webhooks, a delivery shown');
      expect(await focusIndicatorProblems(page, 'webhooks section')).toEqual([]);
      // The list reads its deliveries when opened and on Refresh, never by itself: it once read them again at every
      // render, a request after each answer for as long as it stayed open.
      const reads: string[] = [];
      const counted = (request: Request) => {
        if (new URL(request.url()).pathname.endsWith('/deliveries')) reads.push(request.url());
      };
      page.on('request', counted);
      await page.waitForTimeout(1_500);
      page.off('request', counted);
      expect(reads).toEqual([]);

      await tabTo(page, deliveries.getByRole('button', { name: /^Redeliver Test \(ping\)/ }));
      await page.keyboard.press('Enter');
      await eventually(() => receiver.accepted((delivery) => delivery.id === ping.id).length === 2);
      await focusStaysOnThePage(page, 'redelivered');
      expect(receiver.refused).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 150_000);
});
