import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The WCAG 2 A and AA rules axe-core finds broken on the page as it is now, as "rule: target" lines (none when
 * the page is clean). axe-core comes with the lint tooling (eslint-plugin-jsx-a11y).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the pages' Content-Security-Policy allows no inline script.
  if (!(await page.evaluate('typeof window.axe !== "undefined"')))
    await page.evaluate(`${await readFile(axeScript, 'utf8')}\n;true`);
  const violations = await page.evaluate<Array<{ id: string; nodes: Array<{ target: unknown[] }> }>>(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } }).then((r) => r.violations)`,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.map(String).join(' ')}`),
  );
}
