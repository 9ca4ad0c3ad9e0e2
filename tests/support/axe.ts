import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  nodes: Array<{ target: unknown }>;
}

/**
 * axe-core's default rules, best practices included (DESIGN.md §15), on the page's content as it stands (`#main`;
 * the shared top bar and alert stack are left to their own checks): no violation.
 */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  // Evaluated, not a script tag: the pages' Content-Security-Policy refuses inline scripts.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run(context: string): Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run('#main');
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
  expect([where, violations]).toEqual([where, []]);
}
