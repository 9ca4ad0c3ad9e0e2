import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { READY_PATH } from '@courtside/events/api-paths';

describe(READY_PATH, () => {
  it('says publicly only which part is unavailable; the error itself goes to the log and /metrics', async () => {
    const backend = await createBackend('embedded');
    const databaseName = new URL(backend.databaseUrl).pathname.slice(1);
    const logLines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
    const courtside = await startTestCourtside(backend, { logger });
    try {
      const before = await fetch(`${courtside.url}/webapps/api/ready`);
      await before.arrayBuffer();
      const server = new URL(backend.databaseUrl);
      server.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE ${databaseName} WITH (FORCE)`);
      await admin.end();

      const ready = await fetch(`${courtside.url}/webapps/api/ready`);
      const text = await ready.text();
      const metrics = await (await fetch(`${courtside.url}/metrics`)).text();

      expect(before.status).toBe(200);
      expect(ready.status).toBe(503);
      expect(JSON.parse(text)).toMatchObject({
        status: 'not ready',
        checks: {
          database: { error: 'database unavailable' },
          log: { error: 'log unavailable', kind: 'embedded' },
          projector: { error: 'projector status unavailable' },
        },
      });
      expect(text).not.toContain(databaseName);
      expect(text).not.toMatch(/does not exist|terminat|ECONN/i);
      // 3D000: Postgres' "database does not exist".
      expect(metrics).toMatch(/courtside_ready_check_failures_total\{check="database",code="3D000"\} 1/);
      const readinessLog = logLines.filter((line) => line.includes('readiness check failed'));
      expect(
        readinessLog.some((line) => line.includes(`database \\"${databaseName}\\" does not exist`)),
      ).toBe(true);
    } finally {
      await courtside.stop();
    }
  });
});
