import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { buildUrl, type Query } from './http';

/**
 * The API answers a public page's first paint was rendered with, by request address (`buildUrl`).
 * The api fetches them (anonymously) before it renders the page (src/first-paint.tsx) and sends them with it in
 * `<script type="application/json" id="first-data">`, so the page's largest paint, its data, is in the first
 * paint, and the app's own first render shows the same data instead of blinking to a placeholder.
 */
export type FirstData = Record<string, unknown>;

/** What a route's first-data loader gets: the route's params, the page's address, and a GET that records. */
export interface FirstDataRequest {
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  /** GETs a public API answer and keeps it for the page; rejects when the API did not answer 2xx. */
  get(path: string, query?: Query): Promise<unknown>;
}

/** A route's list of the answers its page's first render needs, given in its `handle` as `firstData`. */
export type FirstDataLoader = (request: FirstDataRequest) => Promise<void>;

const FIRST_DATA_ELEMENT_ID = 'first-data';

let current: FirstData = readDocumentFirstData();
let currentOrigin: string | undefined;

function readDocumentFirstData(): FirstData {
  if (typeof document === 'undefined') return {};
  const text = document.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as FirstData)
      : {};
  } catch {
    return {};
  }
}

/**
 * The first paint's answer to `GET path?query`, when the page was sent with one and it has the expected shape;
 * undefined otherwise (the component then loads it as usual). Read it for a component's initial state: it is
 * forgotten at the first navigation (`forgetFirstData`), as it describes the page as it was sent.
 */
export function firstDataOf<T>(path: string, query: Query | undefined, schema: $ZodType<T>): T | undefined {
  const value = current[buildUrl(path, query)];
  if (value === undefined) return undefined;
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
}

/** After the first navigation the page's answers may be out of date: components load their own. */
export function forgetFirstData(): void {
  current = {};
}

/** The page's origin: the browser's, or while the api renders a first paint, the address it renders. */
export function pageOrigin(): string {
  if (currentOrigin !== undefined) return currentOrigin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * Runs a first paint's render (synchronous, as `renderToString` is) with its answers and origin; renders of other
 * pages never see them, as nothing else runs while it does.
 */
export function renderWithFirstData<T>(data: FirstData, origin: string, render: () => T): T {
  current = data;
  currentOrigin = origin;
  try {
    return render();
  } finally {
    current = {};
    currentOrigin = undefined;
  }
}
