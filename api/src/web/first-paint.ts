import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../observability/logger.ts';

/** A public page's first render, as web/src/first-paint.tsx gives it. */
export interface FirstPaint {
  html: string;
  lang: string;
  /** The API answers it shows, by request address (none from a build before they were). */
  data?: Record<string, unknown>;
  /** 404 when the address names no page: its first paint is the not-found page (none from older builds). */
  status?: number;
}

/** GETs a public API answer (an address under /webapps/api/) for a first paint; rejects unless it was 2xx. */
export type FetchJson = (path: string) => Promise<unknown>;

type RenderFirstPaint = (
  url: string,
  fetchJson?: FetchJson,
  signedIn?: boolean,
) => Promise<FirstPaint | null>;

/** Addresses kept per build: every ladder's standings and widget of a busy club fit. */
const MAX_KEPT = 1_000;
/** A render that takes longer is not waited for: the page goes out without its first paint. */
const RENDER_LIMIT_MS = 1_000;

/**
 * The first paint of the public pages (DESIGN.md §2 pages on a phone), rendered with the web build's own renderer
 * (`dist/.ssr/first-paint.js`, built by `npm run build:web`): the page as the browser's first render shows it, so a
 * phone sees it before the scripts arrive. A page whose route shows API answers (the standings, the widget) is
 * rendered with them, fetched with `fetchJson`, on each request; the others depend only on the address and the
 * build, so they are kept per address until the build changes. A request that says it is signed in
 * (`signedIn`: its `courtside.loggedin` cookie) gets the signed-in render of its address: a signed-in page's frame
 * (My matches) and the account corner of the top bar, never anyone's data (the answers stay anonymous). Never fails a page: without a renderer, or when a
 * render fails or is slow, the answer is null and the page is sent without its first paint.
 */
export function firstPaints(
  distDir: string,
  logger?: Logger,
): (url: URL, fetchJson?: FetchJson, signedIn?: boolean) => Promise<FirstPaint | null> {
  const file = `${distDir}/.ssr/first-paint.js`;
  let build: { mtimeMs: number; render: Promise<RenderFirstPaint | undefined> } | undefined;
  const kept = new Map<string, FirstPaint | null>();

  function renderer(): Promise<RenderFirstPaint | undefined> {
    if (!existsSync(file)) return Promise.resolve(undefined);
    const mtimeMs = statSync(file).mtimeMs;
    if (build?.mtimeMs !== mtimeMs) {
      kept.clear();
      // The build's modification time in the address: a rebuilt renderer is a new module, not the cached one.
      const render = import(`${pathToFileURL(file).href}?build=${mtimeMs}`)
        .then((module: { renderFirstPaint?: unknown }) => {
          if (typeof module.renderFirstPaint !== 'function') throw new Error('no renderFirstPaint export');
          return module.renderFirstPaint as RenderFirstPaint;
        })
        .catch((error: unknown) => {
          logger?.error({ err: error, file }, 'first paint renderer not loaded: pages go without');
          return undefined;
        });
      build = { mtimeMs, render };
    }
    return build.render;
  }

  return async (url, fetchJson, signedIn = false) => {
    const render = await renderer();
    if (!render) return null;
    // A signed-in request's paint (the frame of a signed-in page, the top bar's account corner) is kept apart.
    const key = `${signedIn ? 'signed-in ' : ''}${url.pathname}${url.search}`;
    if (kept.has(key)) return kept.get(key)!;
    let timer: NodeJS.Timeout | undefined;
    const slow = Symbol('slow');
    const paint = await Promise.race([
      render(url.href, fetchJson, signedIn),
      new Promise<typeof slow>((resolve) => (timer = setTimeout(() => resolve(slow), RENDER_LIMIT_MS))),
    ])
      .catch((error: unknown) => {
        logger?.error({ err: error, url: key }, 'first paint failed: page sent without');
        return null;
      })
      .finally(() => clearTimeout(timer));
    // A slow render is not kept: the next request of the address tries again.
    if (paint === slow) return null;
    // One with answers is as old as they are: not kept either.
    if (paint && Object.keys(paint.data ?? {}).length > 0) return paint;
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, paint);
    return paint;
  };
}
