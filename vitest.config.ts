import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/longest-first.ts';

export default defineConfig({
  test: {
    include: ['{events,eventlog,projector,api,infra,tests,web}/src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.cache/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    // Only the browser support registers anything here: what a failed browser test's pages showed, and the file's
    // Chromium closed after the file.
    setupFiles: ['tests/setup/browser-failures.ts'],
    // A browser journey took 20-40 s on an idle machine and over 60 s at load 15-20 (pages loading in 2-3 s each). A
    // test that hangs still fails, later.
    testTimeout: 180_000,
    // expect.poll waits for what a test cannot wait on otherwise (a push, a projection, a page's answer). Its 1 s
    // default failed under load: a manager's third Accept (command, projection, three list reads) took longer with
    // two busy loops beside the tests. A poll that never comes true still fails, 15 s later.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    // Integration tests share one Postgres server and one Kafka broker. Three workers on two cores: most of a file's
    // time is waiting (on a browser, a broker's timeout, a poll), and two workers kept the cores 40 % busy.
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph: each file importing the api, projector and
    // rules again took a quarter of the run. Each file still starts its own servers, databases and browser, and
    // stops them in its afterAll (docs/decisions/tests-and-ci.md).
    isolate: false,
    sequence: { sequencer: LongestFirst },
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
  },
});
