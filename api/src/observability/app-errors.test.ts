import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Koa from 'koa';
import compress from 'koa-compress';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { logAppErrors } from './app-errors.ts';

/** A Koa app as the api has it (compression outside), logging to lines kept here. */
async function serve(body: () => Readable) {
  const lines: Array<{ level: number; msg: string; err?: { code?: string } }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Koa();
  logAppErrors(app, pino({ level: 'debug' }, destination));
  app.use(compress());
  app.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = body();
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { lines, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** An answer that starts and never ends: the client decides when it is over. */
const endless = () =>
  new Readable({
    read() {
      this.push('['.padEnd(4096, ' '));
    },
  });

describe('errors while an answer is sent', () => {
  it('logs a client that hung up mid-answer at debug level, and writes nothing to the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const app = await serve(endless);
    try {
      await new Promise<void>((resolve) => {
        const req = request(
          { host: '127.0.0.1', port: app.port, headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => undefined);
        req.end();
      });
      await expect.poll(() => app.lines.length).toBeGreaterThan(0);

      expect(app.lines.map(({ level, msg, err }) => ({ level, msg, code: err?.code }))).toEqual([
        {
          level: 20,
          msg: 'the client went away before its answer was sent',
          code: 'ERR_STREAM_PREMATURE_CLOSE',
        },
      ]);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await app.close();
    }
  });

  it('logs an answer whose stream failed as an error', async () => {
    const app = await serve(
      () =>
        new Readable({
          read() {
            this.destroy(new Error('the export broke'));
          },
        }),
    );
    try {
      await new Promise<void>((resolve) => {
        const req = request({ host: '127.0.0.1', port: app.port }, (res) => {
          res.on('data', () => undefined);
          res.on('close', () => resolve());
        });
        req.on('error', () => resolve());
        req.end();
      });
      await expect.poll(() => app.lines.length).toBeGreaterThan(0);

      expect(app.lines[0]).toMatchObject({ level: 50, msg: 'an answer failed while it was sent' });
    } finally {
      await app.close();
    }
  });
});
