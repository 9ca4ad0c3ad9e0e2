import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import {
  issueXsrfToken,
  XSRF_COOKIE,
  XSRF_HEADER,
  XsrfCookies,
  xsrfProtection,
  xsrfTokenIsValid,
} from './xsrf.ts';

describe('anti-forgery tokens', () => {
  it('are all different, each valid for its own session only (beyond one batch of random bytes)', () => {
    const tokens = Array.from({ length: 600 }, () => issueXsrfToken('secret', 'session-a'));

    expect(new Set(tokens).size).toBe(600);
    expect(new Set(tokens.map((token) => token.split('.')[0])).size).toBe(600);
    expect(tokens.every((token) => xsrfTokenIsValid('secret', 'session-a', token))).toBe(true);
    expect(tokens.some((token) => xsrfTokenIsValid('secret', 'session-b', token))).toBe(false);
    expect(tokens.some((token) => xsrfTokenIsValid('other secret', 'session-a', token))).toBe(false);
    expect(tokens[0]!.split('.')[0]).toMatch(/^[\w-]{22}$/); // 16 random bytes
  });

  it('refuses a token with a changed nonce, a missing part or an extra part', () => {
    const token = issueXsrfToken('secret', '');
    const [nonce, signature] = token.split('.') as [string, string];
    const changed = `${nonce.startsWith('A') ? 'B' : 'A'}${nonce.slice(1)}.${signature}`;

    for (const bad of [changed, nonce, `${token}.x`, `.${signature}`, ''])
      expect(xsrfTokenIsValid('secret', '', bad)).toBe(false);
  });
});

describe('the anti-forgery middleware', () => {
  async function serve() {
    const app = new Koa();
    app.use(errorHandler());
    app.use(xsrfProtection(new XsrfCookies('secret'), (ctx) => ctx.get('x-session')));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const post = (session: string, token: string) =>
      fetch(`http://127.0.0.1:${port}/webapps/api/x`, {
        method: 'POST',
        headers: { 'x-session': session, cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token },
      });
    return { post, close: () => server.close() };
  }

  it('keeps a token valid for its own session only, however often it was accepted before', async () => {
    const { post, close } = await serve();
    try {
      const token = issueXsrfToken('secret', 'session-a');

      const first = await post('session-a', token);
      const again = await post('session-a', token);
      const otherSession = await post('session-b', token);
      const stillOwn = await post('session-a', token);

      expect([first.status, again.status, otherSession.status, stillOwn.status]).toEqual([
        200, 200, 403, 200,
      ]);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(otherSession.headers.get('set-cookie')).toContain(`${XSRF_COOKIE}=`);
    } finally {
      close();
    }
  });
});
