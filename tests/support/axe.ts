import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * What axe-core finds broken on the page as it is now, as "rule: target" lines (none when clean): by default the
 * WCAG 2 A and AA rules over the whole document; `rules: 'all'` runs the default set, best practices included.
 */
export async function axeViolations(
  page: Page,
  { context = 'document', rules = 'wcag' }: { context?: string; rules?: 'wcag' | 'all' } = {},
): Promise<string[]> {
  // Evaluated rather than added as a script tag: the pages' Content-Security-Policy allows no inline script.
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.evaluate(`${await axeSource}\n;true`);
  const target = context === 'document' ? 'document' : JSON.stringify(context);
  const options = rules === 'wcag' ? `{ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }` : '{}';
  const violations = await page.evaluate<AxeViolation[]>(
    `window.axe.run(${target}, ${options}).then((r) => r.violations)`,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.map(String).join(' ')}`),
  );
}

/**
 * axe-core's default rules, best practices included (DESIGN.md §15), on the page's content as it stands (`#main`;
 * the shared top bar and alert stack are left to their own checks): no violation.
 */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page, { context: '#main', rules: 'all' });
  expect([where, violations]).toEqual([where, []]);
}

/**
 * axe-core's default rules, best practices included, on the whole document as it stands (top bar, alerts, open
 * menus and dialogs too): what it finds, as "where: rule: target" lines.
 */
export async function documentViolations(page: Page, where: string): Promise<string[]> {
  return (await axeViolations(page, { rules: 'all' })).map((violation) => `${where}: ${violation}`);
}
