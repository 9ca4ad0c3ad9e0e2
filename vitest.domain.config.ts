import { defineConfig } from 'vitest/config';

/**
 * The pure domain's unit tests only (beside the rules, `tests/rules/`: independent references and properties) (no Postgres, no Kafka, no web build): what mutation testing runs against
 * (`npm run mutate`), and a fast loop while writing rules (`npx vitest run -c vitest.domain.config.ts`).
 */
export default defineConfig({
  test: {
    include: ['events/src/**/*.test.ts', 'tests/rules/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'events/src/log/**', 'events/src/db/**'],
  },
});
