import { afterEach } from 'vitest';
import { takeSights } from '../support/page-sights';

/**
 * A failed browser test prints what its pages showed when they closed (address and text): a timeout alone
 * ("waiting for heading …") does not say whether the page was loading, showed an error or was elsewhere, and CI
 * keeps only the log.
 */
afterEach(({ task }) => {
  const sights = takeSights();
  if (task.result?.state !== 'fail' || sights.length === 0) return;
  console.log(`[pages at close] ${task.name}\n${sights.map((sight) => `  ${sight}`).join('\n')}`);
});
