import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import { getCookie as getDocumentCookie } from './cookies';
import { appStore, type AppStore } from '../stores/store';
import { inFlightAtom } from '../stores/loading';
import { noteServerDate } from './server-clock';
import { i18n, refusalText } from './i18n';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions<T> {
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Query;
  /**
   * When given, the answer is parsed with it and the parsed value is returned. A `zod/mini` schema or a `zod`
   * one: public pages use `zod/mini` (it tree-shakes; docs/performance.md, "Initial JavaScript").
   */
  schema?: $ZodType<T>;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** One problem with the input, as the API reports it in a `400 {error, issues}` answer. */
export interface ApiIssue {
  path: (string | number)[];
  message: string;
  code?: string;
}

/**
 * - `http`: the server answered with a non-2xx status.
 * - `network`: no answer at all (offline, server down); `status` is 0.
 * - `invalid-response`: a 2xx answer that did not match the expected schema.
 * - `client`: the call was not made, what it needs is missing (spec §8, e.g. "No company"); `status` is 0.
 */
type ApiErrorKind = 'http' | 'network' | 'invalid-response' | 'client';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's `error` text (or a generic description when it gave none). */
  readonly error: string;
  readonly issues: ApiIssue[];
  readonly kind: ApiErrorKind;
  /** The whole error body as parsed (e.g. `{error, id, refresh}` of an unverified login). */
  readonly body: unknown;
  /** Seconds from a `Retry-After` header (429, 503), when given. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    error: string;
    issues?: ApiIssue[];
    kind?: ApiErrorKind;
    body?: unknown;
    retryAfter?: number;
  }) {
    super(`${init.status ? `${init.status} ` : ''}${init.error}`);
    this.status = init.status;
    this.error = init.error;
    this.issues = init.issues ?? [];
    this.kind = init.kind ?? 'http';
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * What a failed call says to the user: the API's `error` (a rule's refusal in the page's language), or `fallback`
 * when the failure is not an answer of it.
 */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? refusalText(error.error) : fallback;
}

/** Turns any `issues` array from an error body (or from zod) into ApiIssues; drops what it can't read. */
function parseIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  const issues: ApiIssue[] = [];
  for (const item of value) {
    if (typeof item === 'string') {
      issues.push({ path: [], message: item });
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const message = typeof record.message === 'string' ? record.message : undefined;
    if (message === undefined) continue;
    const path = Array.isArray(record.path)
      ? record.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
      : [];
    issues.push(typeof record.code === 'string' ? { path, message, code: record.code } : { path, message });
  }
  return issues;
}

/** Builds the ApiError for a non-2xx answer whose body (already JSON-parsed when possible) is `body`. */
export function parseErrorBody(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter?: number,
): ApiError {
  let error: string | undefined;
  let issues: ApiIssue[] = [];
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    // The api's answers all say `error` (api/src/http/error-handler.ts).
    if (typeof record.error === 'string' && record.error.trim() !== '') error = record.error;
    issues = parseIssues(record.issues);
    // A command's `503` says why in English (docs/decisions/log-and-consumers.md "A 503 says why"); the page says it
    // in its own language: nothing was changed, or, for an append the log did not confirm, maybe it was.
    if (status === 503 && typeof record.reason === 'string') {
      error = i18n.t(record.reason === 'APPEND_UNCONFIRMED' ? 'form.unconfirmed' : 'form.notNow');
    }
  } else if (typeof body === 'string' && body.trim() !== '' && body.length <= 200 && !body.includes('<')) {
    error = body.trim();
  }
  return new ApiError({
    status,
    error: error ?? (statusText || `HTTP ${status}`),
    issues,
    kind: 'http',
    body,
    retryAfter,
  });
}

/** Seconds to wait from a `Retry-After` header (the api sends seconds); undefined when absent or not seconds. */
function parseRetryAfter(response: Pick<Response, 'headers'>): number | undefined {
  const raw = response.headers.get('retry-after')?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** `path` plus the query string; keeps a query already present in `path`. */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/**
 * Whether a call carries the anti-forgery header: not for safe methods, and never for an address
 * on another origin (the token must not leak); only relative paths like `/webapps/api/...` get it.
 */
export function needsXsrfToken(method: HttpMethod, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return path.startsWith('/') && !path.startsWith('//');
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** What an interceptor sees of a request. `headers` may be changed in `beforeRequest`. */
export interface RequestContext {
  readonly method: HttpMethod;
  /** The path as the caller gave it, without query. */
  readonly path: string;
  /** The full URL that is fetched. */
  readonly url: string;
  readonly headers: Headers;
}

/**
 * The single place where cross-cutting request behaviour plugs in (the session refresh before a
 * request with an expired access token; logout and redirect on a 401). Interceptors run in the
 * order they were added.
 */
export interface HttpInterceptor {
  /** Runs before the request is sent; may wait (e.g. for a token refresh) or add headers. */
  beforeRequest?(ctx: RequestContext): void | Promise<void>;
  /**
   * Runs for an answer that is not 2xx, before `onError`; `true` sends the request once more (e.g. a session
   * refreshed after a `401`). Each request is sent again this way at most once.
   */
  sendAgain?(error: ApiError, ctx: RequestContext): boolean | Promise<boolean>;
  /** Runs for every failed call (any non-2xx, network or shape failure) before the error is thrown. */
  onError?(error: ApiError, ctx: RequestContext): void | Promise<void>;
}

/**
 * A `503` whose `reason` says nothing was changed (docs/decisions/log-and-consumers.md "A 503 says why": all but `APPEND_UNCONFIRMED`,
 * it may be saved, and `QUARANTINED`, not soon) is sent again after `Retry-After` (at most 5 s), twice at most,
 * before its error shows: the milliseconds to wait, else undefined.
 */
function sendAgainAfterMs(response: Response, body: unknown): number | undefined {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (response.status !== 503 || typeof reason !== 'string' || /^(APPEND_UNC|QUAR)/.test(reason))
    return undefined;
  return Math.min(parseRetryAfter(response) ?? 2, 5) * 1000;
}

export interface HttpClientDeps {
  /** Waits before a request is sent again (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** The jotai store whose `inFlightAtom` counts the calls in flight. */
  store?: AppStore;
  getCookie?: (name: string) => string | undefined;
}

export interface HttpClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  /** Adds an interceptor; returns a function that removes it again. */
  addInterceptor(interceptor: HttpInterceptor): () => void;
}

async function readBody(response: Response): Promise<{ value: unknown; json: boolean; unreadable: boolean }> {
  if (response.status === 204 || response.status === 205)
    return { value: undefined, json: false, unreadable: false };
  const text = await response.text();
  if (text === '') return { value: undefined, json: false, unreadable: false };
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return { value: text, json: false, unreadable: false };
  try {
    return { value: JSON.parse(text) as unknown, json: true, unreadable: false };
  } catch {
    return { value: text, json: false, unreadable: true };
  }
}

export function createHttpClient(deps: HttpClientDeps = {}): HttpClient {
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const store = deps.store ?? appStore;
  const readCookieValue = deps.getCookie ?? getDocumentCookie;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interceptors: HttpInterceptor[] = [];

  async function fail(error: ApiError, ctx: RequestContext): Promise<never> {
    for (const interceptor of [...interceptors]) {
      await interceptor.onError?.(error, ctx);
    }
    throw error;
  }

  async function anInterceptorSendsAgain(error: ApiError, ctx: RequestContext): Promise<boolean> {
    for (const interceptor of [...interceptors]) {
      if (await interceptor.sendAgain?.(error, ctx)) return true;
    }
    return false;
  }

  async function request<T = unknown>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    const headers = new Headers({ Accept: 'application/json' });
    if (method !== 'GET' && method !== 'HEAD') headers.set('Content-Type', 'application/json');
    for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
    const ctx: RequestContext = { method, path, url: buildUrl(path, options.query), headers };

    store.set(inFlightAtom, (n) => n + 1);
    try {
      for (const interceptor of [...interceptors]) {
        await interceptor.beforeRequest?.(ctx);
      }
      let response: Response;
      let body: Awaited<ReturnType<typeof readBody>>;
      for (let sent = 0, sentAgainFor = false; ; sent++) {
        // Read the token after the interceptors: a session refresh may have renewed it.
        if (needsXsrfToken(method, path)) {
          const token = readCookieValue(XSRF_COOKIE);
          if (token !== undefined) headers.set(XSRF_HEADER, token);
        }
        try {
          response = await doFetch(ctx.url, {
            method,
            headers,
            credentials: 'same-origin',
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            signal: options.signal,
          });
        } catch (cause) {
          if (options.signal?.aborted) throw cause;
          return await fail(new ApiError({ status: 0, error: i18n.t('form.network'), kind: 'network' }), ctx);
        }
        noteServerDate(response.headers.get('date'));
        body = await readBody(response);
        const again = sent < 2 ? sendAgainAfterMs(response, body.value) : undefined;
        if (again !== undefined) {
          await wait(again);
          if (options.signal?.aborted) break;
          continue;
        }
        if (response.ok || sentAgainFor || options.signal?.aborted) break;
        sentAgainFor = true;
        const error = parseErrorBody(
          response.status,
          response.statusText,
          body.value,
          parseRetryAfter(response),
        );
        if (!(await anInterceptorSendsAgain(error, ctx))) break;
      }
      if (!response.ok) {
        return await fail(
          parseErrorBody(response.status, response.statusText, body.value, parseRetryAfter(response)),
          ctx,
        );
      }
      if (body.unreadable) {
        return await fail(
          new ApiError({ status: response.status, error: 'Unreadable response', kind: 'invalid-response' }),
          ctx,
        );
      }
      if (!options.schema) return body.value as T;
      const parsed = safeParse(options.schema, body.value);
      if (parsed.success) return parsed.data;
      return await fail(
        new ApiError({
          status: response.status,
          error: 'Unexpected response',
          issues: parseIssues(parsed.error.issues),
          kind: 'invalid-response',
        }),
        ctx,
      );
    } finally {
      store.set(inFlightAtom, (n) => Math.max(0, n - 1));
    }
  }

  function addInterceptor(interceptor: HttpInterceptor): () => void {
    interceptors.push(interceptor);
    return () => {
      const index = interceptors.indexOf(interceptor);
      if (index >= 0) interceptors.splice(index, 1);
    };
  }

  return { request, addInterceptor };
}

/** The app-wide client: counts into the app store, reads `document.cookie`, uses the global fetch. */
const defaultClient = createHttpClient();

export const request = defaultClient.request;
export const addInterceptor = defaultClient.addInterceptor;
