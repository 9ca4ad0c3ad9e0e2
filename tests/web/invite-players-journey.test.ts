import { describe, expect, it } from 'vitest';
import { DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { expectAxeClean } from '../support/axe.ts';
import { type ViewportName } from '../support/browser.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/** The words each language uses on the way (DESIGN.md §9 "Inviting players"). */
const words = {
  en: {
    section: 'Invite players',
    list: 'Addresses or CSV',
    file: 'Or upload a .csv file',
    invalid: 'Not a valid email address',
    leftOut: '1 row with a problem is left out',
    straightIn: 'Straight into the ladder',
    send: 'Send 2 invitations',
    invited: '2 people invited.',
    pending: 'Pending',
    revoked: 'Revoked',
    revoke: (email: string) => `Revoke the invitation to ${email}`,
    confirm: 'Revoke',
    done: (email: string) => `The invitation to ${email} was revoked.`,
    resend: (email: string) => `Resend the invitation to ${email}`,
    resent: (email: string) => `The invitation to ${email} was mailed again.`,
  },
  nl: {
    section: 'Spelers uitnodigen',
    list: 'Adressen of CSV',
    file: 'Of upload een .csv-bestand',
    invalid: 'Geen geldig e-mailadres',
    leftOut: '1 regel met een probleem wordt overgeslagen',
    straightIn: 'Meteen op de ladder',
    send: '2 uitnodigingen versturen',
    invited: '2 mensen uitgenodigd.',
    pending: 'Openstaand',
    revoked: 'Ingetrokken',
    revoke: (email: string) => `De uitnodiging aan ${email} intrekken`,
    confirm: 'Intrekken',
    done: (email: string) => `De uitnodiging aan ${email} is ingetrokken.`,
    resend: (email: string) => `De uitnodiging aan ${email} opnieuw sturen`,
    resent: (email: string) => `De uitnodiging aan ${email} is opnieuw gemaild.`,
  },
} as const;

describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('inviting players on %s in %s', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('a manager pastes a CSV with a bad row, sends the good ones, sees them pending and revokes one', async () => {
    const baseUrl = courtside.url;
    const text = words[locale];
    const ladderName = `Invite Ladder ${viewport}`;
    const { manager, company } = await managerWithSeason(baseUrl, {
      companyName: `TC Invite ${viewport}`,
      ladderName,
    });
    const ann = `ann.${viewport}@invite.test`;
    const cas = `cas.${viewport}@invite.test`;
    const browser = await courtside.newBrowser(manager);
    const { page } = browser;
    await page.goto(
      `${baseUrl}/webapps/manager/${locale}/${company.id}/ladders/${encodeURIComponent(ladderName)}`,
    );
    const toggle = page.getByRole('button', { name: text.section });
    await toggle.click();
    const section = page.getByTestId('invite-players');
    const list = section.getByLabel(text.list);
    await list.waitFor({ timeout: 30_000 });
    await expectAxeClean(page, `invite players, empty (${viewport})`);

    await list.fill(`email;fullName;partnerEmail\n${ann};Ann Smith;\nnot-an-address;Bob;\n${cas};Cas;\n`);
    const preview = section.getByTestId('invite-preview');
    const rows = preview.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.nth(1).getAttribute('data-problem')).toBe('EMAIL_INVALID');
    await rows.nth(1).getByText(text.invalid).waitFor();
    await section.getByText(text.leftOut).waitFor();
    await section.getByRole('radio', { name: text.straightIn }).click();
    await expectAxeClean(page, `invite players, preview with a problem (${viewport})`);
    await browser.screenshot(`invite-players-preview-${viewport}-${locale}`);

    await section.getByRole('button', { name: text.send }).click();
    const result = section.getByTestId('invite-result');
    await result.getByText(text.invited).waitFor();
    // The focus moved to the result, not to <body>.
    await expect.poll(() => result.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
    const invitations = section.getByTestId('invitations');
    const pending = invitations.locator('tbody tr[data-state="pending"]');
    await expect.poll(() => pending.count()).toBe(2);
    await invitations.getByText(ann).waitFor();
    await invitations.getByText(cas).waitFor();
    expect(await pending.filter({ hasText: text.pending }).count()).toBe(2);
    await expectAxeClean(page, `invite players, sent (${viewport})`);

    // Resend mails the same link again (DESIGN.md §9).
    const mailsTo = async (address: string) =>
      (await manager.json<unknown[]>('GET', `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(address)}`)).body
        .length;
    expect(await mailsTo(ann)).toBe(1);
    await invitations.getByRole('button', { name: text.resend(ann) }).click();
    await page.getByText(text.resent(ann)).first().waitFor();
    await expect.poll(() => mailsTo(ann)).toBe(2);

    await invitations.getByRole('button', { name: text.revoke(cas) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
    await page.getByText(text.done(cas)).first().waitFor();
    await expect.poll(() => pending.count()).toBe(1);
    const revoked = invitations.locator('tbody tr[data-state="revoked"]');
    await expect.poll(() => revoked.count()).toBe(1);
    await revoked.getByText(text.revoked).waitFor();
    await revoked.getByText(cas).waitFor();
    // The focus is on the list's heading, not lost to <body>.
    await expect
      .poll(() =>
        section.evaluate((node) => {
          const active = node.ownerDocument.activeElement;
          return active !== null && active !== node.ownerDocument.body;
        }),
      )
      .toBe(true);
    await expectAxeClean(page, `invite players, one revoked (${viewport})`);
    await browser.screenshot(`invite-players-revoked-${viewport}-${locale}`);

    // An uploaded .csv lands in the same list and preview.
    await section.getByLabel(text.file).setInputFiles({
      name: 'players.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${ann},Ann Again\ndan.${viewport}@invite.test,Dan\n`),
    });
    await expect.poll(() => list.inputValue()).toContain(`dan.${viewport}@invite.test,Dan`);
    await expect.poll(() => rows.count()).toBe(2);
  }, 150_000);
});
