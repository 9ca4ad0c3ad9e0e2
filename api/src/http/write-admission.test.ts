import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger.ts';
import { createMetrics } from '../observability/metrics.ts';
import { withWriteAdmission } from './write-admission.ts';

describe('writes beyond what the process answers at once', () => {
  const held: Array<() => void> = [];
  let reached = 0;
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const app = withWriteAdmission(
      (request, response) => {
        reached++;
        const answer = () => response.end('{"ok":true}');
        if (request.url?.includes('/hold')) held.push(answer);
        else answer();
      },
      {
        limit: 2,
        logger: createLogger({ level: 'silent' }),
        metrics: createMetrics(
          async () => ({ lag: 0, quarantinedCompanies: 0 }),
          async () => ({ lag: 0, outboxSize: 0, outboxFailed: 0 }),
        ),
      },
    );
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('are turned away with 503 and Retry-After before the app, reads are not, and writes pass again once one is answered', async () => {
    const holding = [1, 2].map(() => fetch(`${url}/webapps/api/hold`, { method: 'POST', body: '{}' }));
    while (held.length < 2) await new Promise((resolve) => setImmediate(resolve));
    const reachedBefore = reached;

    const turnedAway = await fetch(`${url}/webapps/api/x`, { method: 'PUT', body: '{}' });
    const read = await fetch(`${url}/webapps/api/x`);

    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers.get('retry-after')).toBe('2');
    expect(await turnedAway.json()).toEqual({ error: expect.stringContaining('too many changes at once') });
    expect(read.status).toBe(200);
    expect(reached).toBe(reachedBefore + 1); // the read only

    held.shift()!();
    await holding[0];
    expect((await fetch(`${url}/webapps/api/x`, { method: 'POST', body: '{}' })).status).toBe(200);
    held.shift()!();
    await holding[1];
  });
});
