import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger.ts';
import { createMetrics } from '../observability/metrics.ts';
import { type WriteArrival, withWriteAdmission, writeArrival } from './write-admission.ts';

describe('writes beyond what the process answers at once', () => {
  const held: Array<() => void> = [];
  let reached = 0;
  /** What the app saw as its request's arrival, after an await (as the command bus does, deep in a route). */
  const arrivals: Array<{ arrival: WriteArrival | undefined; seenAt: number }> = [];
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const app = withWriteAdmission(
      (request, response) => {
        reached++;
        if (request.url?.includes('/arrival')) {
          void new Promise((resolve) => setTimeout(resolve, 20)).then(() => {
            arrivals.push({ arrival: writeArrival(), seenAt: performance.now() });
            response.end('{"ok":true}');
          });
          return;
        }
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
    expect(await turnedAway.json()).toEqual({
      error: expect.stringContaining('too many changes at once'),
      reason: 'OVERLOADED',
    });
    expect(read.status).toBe(200);
    expect(reached).toBe(reachedBefore + 1); // the read only

    held.shift()!();
    await holding[0];
    expect((await fetch(`${url}/webapps/api/x`, { method: 'POST', body: '{}' })).status).toBe(200);
    held.shift()!();
    await holding[1];
  });

  it('tell the app when a write reached the process, through its awaits; a read has no arrival', async () => {
    const before = performance.now();
    await fetch(`${url}/webapps/api/arrival`, { method: 'POST', body: '{}' });
    await fetch(`${url}/webapps/api/arrival`);

    const [write, read] = arrivals;
    expect(write!.arrival!.at).toBeGreaterThanOrEqual(before);
    // Taken when the request came in, not when the app asked (20 ms later).
    expect(write!.arrival!.at).toBeLessThan(write!.seenAt - 10);
    expect(write!.arrival!.crowded).toBe(false);
    expect(read!.arrival).toBeUndefined();
  });

  it('tell the app that a write came in a crowd when half the room or more was taken at its arrival', async () => {
    arrivals.length = 0;
    const holding = fetch(`${url}/webapps/api/hold`, { method: 'POST', body: '{}' });
    while (held.length < 1) await new Promise((resolve) => setImmediate(resolve));

    // One of the two places is taken: the next write came in a crowd.
    await fetch(`${url}/webapps/api/arrival`, { method: 'POST', body: '{}' });
    held.shift()!();
    await holding;
    await fetch(`${url}/webapps/api/arrival`, { method: 'POST', body: '{}' });

    expect(arrivals.map(({ arrival }) => arrival!.crowded)).toEqual([true, false]);
  });
});
