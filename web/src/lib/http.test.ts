import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { z } from 'zod';
import {
  ApiError,
  buildUrl,
  createHttpClient,
  errorText,
  needsXsrfToken,
  parseErrorBody,
  type HttpClientDeps,
} from './http';
import { inFlightAtom } from '../stores/loading';
import { serverNow } from './server-clock';
import { setLanguage } from './i18n';
import nl from '../locales/nl';

const DAY_MS = 24 * 60 * 60 * 1000;

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return respond(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(respond: (call: Call) => Response | Promise<Response>, extra: Partial<HttpClientDeps> = {}) {
  const { fetch, calls } = fakeFetch(respond);
  const store = createStore();
  const http = createHttpClient({ fetch, store, getCookie: () => undefined, ...extra });
  return { http, calls, store };
}

describe('parseErrorBody', () => {
  it('given an {error, issues} body, when parsed, then keeps status, error and issues', () => {
    const err = parseErrorBody(400, 'Bad Request', {
      error: 'Invalid input',
      issues: [{ code: 'too_small', path: ['name'], message: 'Required' }, { nonsense: true }],
    });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.error).toBe('Invalid input');
    expect(err.issues).toEqual([{ code: 'too_small', path: ['name'], message: 'Required' }]);
    expect(err.kind).toBe('http');
  });

  it('given a body without an error field, when parsed, then falls back to the status text', () => {
    expect(parseErrorBody(503, 'Service Unavailable', {}).error).toBe('Service Unavailable');
    expect(parseErrorBody(500, '', undefined).error).toBe('HTTP 500');
  });

  it('given a short plain-text body, when parsed, then uses it; an HTML page is not used', () => {
    expect(parseErrorBody(404, 'Not Found', 'No such match').error).toBe('No such match');
    expect(parseErrorBody(502, 'Bad Gateway', '<html>proxy error</html>').error).toBe('Bad Gateway');
  });
});

describe('buildUrl', () => {
  it('given query values, when built, then encodes them and leaves out null and undefined', () => {
    expect(
      buildUrl('/webapps/api/matches/api/v1/matches', {
        PAGE: 0,
        COMPLETED: 'TRUE',
        OWN: undefined,
        X: null,
      }),
    ).toBe('/webapps/api/matches/api/v1/matches?PAGE=0&COMPLETED=TRUE');
    expect(buildUrl('/a?language=en', { q: 'a b' })).toBe('/a?language=en&q=a+b');
    expect(buildUrl('/a', {})).toBe('/a');
  });
});

describe('needsXsrfToken', () => {
  it('given a safe method, when checked, then no token is needed', () => {
    expect(needsXsrfToken('GET', '/webapps/api/x')).toBe(false);
    expect(needsXsrfToken('HEAD', '/webapps/api/x')).toBe(false);
  });

  it('given a relative path and an unsafe method, when checked, then the token is sent', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      expect(needsXsrfToken(method, '/webapps/api/x')).toBe(true);
  });

  it('given another origin, when checked, then the token is never sent', () => {
    expect(needsXsrfToken('POST', 'https://example.com/x')).toBe(false);
    expect(needsXsrfToken('POST', '//example.com/x')).toBe(false);
  });
});

describe('request', () => {
  it('given a GET, when sent, then uses same-origin credentials and no anti-forgery header', async () => {
    const { http, calls } = client(() => json(200, [1]), { getCookie: () => 'tok' });
    await expect(http.request('GET', '/webapps/api/x', { query: { a: 1 } })).resolves.toEqual([1]);
    expect(calls[0]?.url).toBe('/webapps/api/x?a=1');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(new Headers(calls[0]?.init.headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('given a POST with a body, when sent, then sends JSON and the XSRF cookie as header', async () => {
    const { http, calls } = client(() => json(201, { id: 'c1', name: 'Club' }), {
      getCookie: (name) => (name === 'XSRF-TOKEN' ? 'signed.token' : undefined),
    });
    await http.request('POST', '/webapps/api/accountmanager/api/v1/companies', { body: { name: 'Club' } });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('signed.token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"name":"Club"}');
  });

  it('given a schema, when the answer matches, then returns the parsed value', async () => {
    const { http } = client(() => json(200, { id: 'a', extra: 1 }));
    const value = await http.request('GET', '/x', { schema: z.object({ id: z.string() }) });
    expect(value).toEqual({ id: 'a' });
  });

  it('given a schema, when the answer does not match, then throws an invalid-response ApiError', async () => {
    const { http } = client(() => json(200, { id: 5 }));
    const error = await http
      .request('GET', '/x', { schema: z.object({ id: z.string() }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid-response');
    expect((error as ApiError).issues[0]?.path).toEqual(['id']);
  });

  it('given a 400 answer, when sent, then throws ApiError with the body error and issues', async () => {
    const { http } = client(() =>
      json(400, { error: 'Laddername is not available', issues: [{ path: ['name'], message: 'taken' }] }),
    );
    await expect(http.request('POST', '/x', { body: {} })).rejects.toMatchObject({
      status: 400,
      error: 'Laddername is not available',
      issues: [{ path: ['name'], message: 'taken' }],
    });
  });

  it('given an empty 204 answer, when sent, then resolves undefined', async () => {
    const { http } = client(() => new Response(null, { status: 204 }));
    await expect(http.request('DELETE', '/x')).resolves.toBeUndefined();
  });

  it('given fetch rejects, when sent, then throws a network ApiError with status 0', async () => {
    const { http } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it('given a call in flight, when it settles, then the in-flight count goes up and back to zero', async () => {
    let release: (r: Response) => void = () => {};
    const { http, store } = client(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = http.request('GET', '/x');
    await Promise.resolve();
    expect(store.get(inFlightAtom)).toBe(1);
    release(json(500, { error: 'boom' }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(store.get(inFlightAtom)).toBe(0);
  });

  it('given answers with a Date, when they come (an error too), then the page knows the server’s clock by them', async () => {
    const ahead = (ms: number) => new Date(Date.now() + ms).toUTCString();
    let sent = 0;
    const { http } = client(() =>
      sent++ === 0
        ? new Response('{}', { headers: { 'Content-Type': 'application/json', Date: ahead(2 * DAY_MS) } })
        : new Response('{}', { status: 404, headers: { Date: ahead(3 * DAY_MS) } }),
    );
    await http.request('GET', '/x');
    // A Date is written to the second: the server's now is known to within one.
    expect(serverNow() - Date.now()).toBeGreaterThan(2 * DAY_MS - 1_500);
    expect(serverNow() - Date.now()).toBeLessThanOrEqual(2 * DAY_MS);
    await expect(http.request('GET', '/y')).rejects.toMatchObject({ status: 404 });
    expect(serverNow() - Date.now()).toBeGreaterThan(3 * DAY_MS - 1_500);
  });

  it('given interceptors, when a call fails with 401, then beforeRequest and onError run in order', async () => {
    const { http, calls } = client(() => json(401, { error: 'Unauthorized' }));
    const seen: string[] = [];
    const remove = http.addInterceptor({
      beforeRequest: async (ctx) => {
        seen.push(`before ${ctx.method} ${ctx.path}`);
        ctx.headers.set('SESSION-ID', 's1');
      },
      onError: (error) => {
        seen.push(`error ${error.status}`);
      },
    });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['before GET /x', 'error 401']);
    expect(new Headers(calls[0]?.init.headers).get('SESSION-ID')).toBe('s1');

    remove();
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
  });
});

describe('error details', () => {
  it('given a 403 with extra fields, when it fails, then the error keeps the whole body', async () => {
    const { http } = client(() =>
      json(403, { error: 'Verify your email address first', id: 'a1', refresh: 'r' }),
    );
    await expect(http.request('POST', '/x', { body: {} })).rejects.toMatchObject({
      status: 403,
      body: { id: 'a1', refresh: 'r' },
    });
  });

  it('given a 429 with Retry-After, when it fails, then the seconds are on the error', async () => {
    const { http } = client(
      () =>
        new Response(JSON.stringify({ error: 'Slow down' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
        }),
    );
    await expect(http.request('POST', '/x', { body: {} })).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
  });
});

describe('a 503 that says nothing was changed', () => {
  const unavailable = (reason: string, retryAfter = '2') =>
    new Response(JSON.stringify({ error: 'Try again shortly.', reason }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
    });

  it('given a BUSY answer, when it comes, then the same request is sent again after Retry-After and its answer returned', async () => {
    const waits: number[] = [];
    const answers = [unavailable('BUSY'), unavailable('CATCHING_UP', '1'), json(200, { ok: true })];
    const { http, calls, store } = client(() => answers.shift()!, {
      wait: async (ms) => void waits.push(ms),
    });
    await expect(http.request('PUT', '/x', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(calls.map((call) => [call.init.method, call.init.body])).toEqual([
      ['PUT', '{"a":1}'],
      ['PUT', '{"a":1}'],
      ['PUT', '{"a":1}'],
    ]);
    expect(waits).toEqual([2000, 1000]);
    expect(store.get(inFlightAtom)).toBe(0);
  });

  it('given the third answer still busy, when it comes, then the error is shown (two sends again, at most 5 s apart)', async () => {
    const waits: number[] = [];
    const { http, calls } = client(() => unavailable('OVERLOADED', '60'), {
      wait: async (ms) => void waits.push(ms),
    });
    await expect(http.request('POST', '/x', { body: {} })).rejects.toMatchObject({
      status: 503,
      retryAfter: 60,
    });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([5000, 5000]);
  });

  it('given a change that may be saved, a quarantined club or a 503 without a reason, then nothing is sent again', async () => {
    for (const answer of [
      () => unavailable('APPEND_UNCONFIRMED'),
      () => unavailable('QUARANTINED'),
      () => json(503, { error: 'Down' }),
    ]) {
      const { http, calls } = client(answer, { wait: async () => undefined });
      await expect(http.request('POST', '/x', { body: {} })).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(1);
    }
  });

  it('given the caller gave up while it waited, then it is not sent again', async () => {
    const controller = new AbortController();
    const { http, calls } = client(() => unavailable('BUSY'), {
      wait: async () => controller.abort(),
    });
    await expect(http.request('POST', '/x', { body: {}, signal: controller.signal })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(1);
  });
});

describe('errorText', () => {
  it("says the API's error, and the fallback for a failure that is no answer of it", () => {
    expect(errorText(new ApiError({ status: 409, error: 'Already answered' }), 'Failed')).toBe(
      'Already answered',
    );
    expect(errorText(new TypeError('boom'), 'Failed')).toBe('Failed');
  });
});

describe('a failure in the page’s language', () => {
  it('given a command’s 503 on a Dutch page, then it says in Dutch that nothing was changed, or to check a change that may be saved; a refusal and a proxy’s 503 keep their text', async () => {
    await setLanguage('nl');
    try {
      const busy = { error: 'Too many changes for this club at once. Nothing was changed.', reason: 'BUSY' };
      expect(parseErrorBody(503, 'Service Unavailable', busy).error).toBe(nl.form.notNow);
      expect(parseErrorBody(503, '', { error: 'Not confirmed', reason: 'APPEND_UNCONFIRMED' }).error).toBe(
        nl.form.unconfirmed,
      );
      // The server's own text stays in the body.
      expect(parseErrorBody(503, '', busy).body).toEqual(busy);
      expect(parseErrorBody(503, 'Service Unavailable', {}).error).toBe('Service Unavailable');
      const refusal = { error: 'One of the two teams is already in a challenge', reason: 'BUSY' };
      expect(parseErrorBody(409, 'Conflict', refusal).error).toBe(refusal.error);
    } finally {
      await setLanguage('en');
    }
  });

  it('given no answer at all on a Dutch page, then the error says so in Dutch', async () => {
    await setLanguage('nl');
    try {
      const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
      const http = createHttpClient({ fetch, store: createStore(), getCookie: () => undefined });
      await expect(http.request('GET', '/x')).rejects.toMatchObject({
        kind: 'network',
        error: nl.form.network,
      });
    } finally {
      await setLanguage('en');
    }
  });
});
