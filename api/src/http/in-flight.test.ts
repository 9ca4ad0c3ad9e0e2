import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { InFlightRequests } from './in-flight.ts';

describe('requests in flight at a stop', () => {
  it("waits for a handler whose client hung up, after the server's own close has returned", async () => {
    const inFlight = new InFlightRequests();
    let handlerStarted = () => {};
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let finishHandler = () => {};
    const app = new Koa();
    app.use(inFlight.middleware);
    app.use(async (ctx) => {
      handlerStarted();
      await new Promise<void>((resolve) => (finishHandler = resolve));
      ctx.body = 'late';
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const client = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    client.on('error', () => undefined);
    client.end();
    await started;
    client.destroy();
    await new Promise((resolve) => server.close(resolve));

    expect(inFlight.size).toBe(1);
    let drained = false;
    const draining = inFlight.drained(10_000).then(() => (drained = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    finishHandler();
    await draining;
    expect(inFlight.size).toBe(0);
  });

  it('stops waiting for a handler that never ends once its timeout has passed', async () => {
    const inFlight = new InFlightRequests();
    void inFlight.middleware({ state: {} } as Koa.Context, () => new Promise(() => undefined));

    await inFlight.drained(20);

    expect(inFlight.size).toBe(1);
  });
});
