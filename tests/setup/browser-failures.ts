import { afterAll, afterEach } from 'vitest';
import { closeChromiumOfThisFile } from '../support/browser';
import { noteOpenBrowsers, takeSights } from '../support/page-sights';

// A setup file runs for every test file, also with `isolate: false`: the file's Chromium goes with the file.
afterAll(closeChromiumOfThisFile);

/**
 * A failed browser test says what its pages showed when they closed (address, text, what last happened): a timeout
 * alone ("waiting for heading …") does not say whether the page was loading, showed an error or was elsewhere. It
 * goes into the test's error too, which the run's summary repeats at its end: CI may keep only the log's tail.
 */
afterEach(async ({ task }) => {
  // Browsers the test leaves open (closed after the file) are looked at now.
  if (task.result?.state === 'fail') await noteOpenBrowsers();
  const sights = takeSights();
  if (task.result?.state !== 'fail' || sights.length === 0) return;
  const report = `[pages at close] ${task.name}\n${sights.map((sight) => `  ${sight}`).join('\n')}`;
  console.log(report);
  const [error] = task.result.errors ?? [];
  if (error) error.message = `${error.message}\n${report}`;
});
