import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * DESIGN.md §14: a page used with the keyboard alone (no mouse call). After every action the focus is visible and
 * somewhere on the page, never on <body>; a dialog that closes gives the focus back to what opened it.
 */

/** What has the focus: its tag and name, enough to tell it in a failure; "body" when nothing has. */
function focused(page: Page): Promise<{ tag: string; text: string; visible: boolean }> {
  return page.evaluate(`(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { tag: 'body', text: '', visible: false };
    return {
      tag: active.tagName.toLowerCase(),
      text: (active.getAttribute('aria-label') || active.textContent || '').trim().slice(0, 60),
      visible: active.matches(':focus-visible'),
    };
  })()`);
}

/** Tabs forward until `target` has the focus (as a keyboard user would reach it). */
export async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${most} presses of Tab: ${JSON.stringify(await focused(page))}`);
}

/** Tabs backwards (Shift+Tab) until `target` has the focus. */
export async function shiftTabTo(page: Page, target: Locator, most = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`not reached with ${most} presses of Shift+Tab: ${JSON.stringify(await focused(page))}`);
}

/** Tabs to a field and types `text` over what it holds. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** After an action: the focus settles somewhere visible, not on <body> (what has it is in the failure). */
export async function focusStaysOnThePage(page: Page, after: string): Promise<void> {
  await expect
    .poll(async () => {
      const now = await focused(page);
      return [after, now.tag !== 'body' && now.visible, now];
    })
    .toMatchObject([after, true, {}]);
}

/** Whether the focus is inside the page's open dialog (after an action in it, not fallen to <body> or behind it). */
export function focusIsInTheDialog(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    `Boolean(document.querySelector('[role="dialog"]')?.contains(document.activeElement))`,
  );
}

/**
 * Opens a dialog from `opener` with Enter, closes it with Escape: the focus is back on the opener. The dialog is
 * named by its test id, or is the page's dialog (`'dialog'` role) when none is given.
 */
export async function dialogGivesFocusBack(
  page: Page,
  opener: Locator,
  dialogTestId?: string,
): Promise<void> {
  const dialog = dialogTestId ? page.getByTestId(dialogTestId) : page.getByRole('dialog');
  const name = dialogTestId ?? 'dialog';
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await dialog.getByRole('heading').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const onOpener = () => opener.evaluate((element) => element === element.ownerDocument.activeElement);
  await expect.poll(async () => [name, await onOpener()]).toEqual([name, true]);
}

/** A match card's result with the keyboard: Edit, the games of each set (set, the side's name, games), Save. */
export async function enterResultWithKeys(
  page: Page,
  card: Locator,
  games: ReadonlyArray<readonly [set: number, name: string, games: string]>,
): Promise<void> {
  await tabTo(page, card.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  for (const [set, name, value] of games)
    await typeInto(page, card.getByLabel(`Set ${set} score of ${name}`), value);
  await tabTo(page, card.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
}
