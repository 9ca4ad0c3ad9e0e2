import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { z } from 'zod';
import { LIVE_PATH } from '@courtside/events/api-paths';
import { pagePath, webAddress } from '@courtside/events/page-paths';
import { notificationLanguages } from '@courtside/events/notifications/notify';
import type { Logger } from '../observability/logger.ts';
import { LOGGED_IN_COOKIE } from '../accounts/sessions.ts';
import { firstPaints, type FetchJson, type FirstPaint } from './first-paint.ts';

/** Precompressed copies (`.br`, `.gz`, written by the build) go to clients that accept them. */
const precompressed = { brotli: true, gzip: true } as const;

/** Written by the web build (web/scripts/page-preloads.ts): each public page's address and its route's scripts. */
const pagePreloadsSchema = z.array(z.object({ pattern: z.string(), hrefs: z.array(z.string()) }));

interface IndexPages {
  mtimeMs: number;
  /** index.html as built. */
  html: string;
  pages: Array<{ pattern: RegExp; html: string }>;
}

/**
 * index.html for each public page with its route's scripts named as `modulepreload`, so a phone fetches them with
 * the entry instead of after it, and its first paint (`withFirstPaint`); read again when the build
 * changes. None for a build without the list.
 */
function indexPagesOf(distDir: string, known: IndexPages | undefined): IndexPages {
  const mtimeMs = statSync(`${distDir}/index.html`).mtimeMs;
  if (known?.mtimeMs === mtimeMs) return known;
  const listFile = `${distDir}/.vite/page-preloads.json`;
  const html = readFileSync(`${distDir}/index.html`, 'utf8');
  if (!existsSync(listFile)) return { mtimeMs, html, pages: [] };
  const pages = pagePreloadsSchema
    .parse(JSON.parse(readFileSync(listFile, 'utf8')))
    .map(({ pattern, hrefs }) => {
      const links = hrefs
        .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
        .join('');
      return { pattern: new RegExp(pattern), html: html.replace('  </head>', `${links}  </head>`) };
    });
  return { mtimeMs, html, pages };
}

/**
 * The first paint's GET of the API's public answers: anonymous (no cookie goes with it), to this very server over
 * the connection's own local address, so it never leaves the machine whatever the Host header says.
 */
function sameServerFetchJson(socket: Socket): FetchJson | undefined {
  const { localAddress, localPort } = socket;
  if (!localAddress || !localPort) return undefined;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return async (path) => {
    if (!path.startsWith('/webapps/api/')) throw new Error(`not an API address: ${path}`);
    const response = await fetch(`http://${host}:${localPort}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(1_000),
    });
    if (!response.ok) throw new Error(`${response.status} from ${path}`);
    return response.json();
  };
}

/** The answers as a `<script type="application/json">` element: no `<` in them can end it early. */
/**
 * A file of the built app beside index.html (`favicon.svg`, `first-paint-boot.js`): by its type, not by any dot, so
 * that a page address whose last segment has one (an invitation link's `{id}.{signature}`) is still a page.
 */
const STATIC_FILE = /\.(?:html|js|mjs|css|map|json|webmanifest|svg|png|ico|jpg|webp|woff2?|txt|xml)$/i;

export function firstDataScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="first-data">${json}</script>`;
}

const ENTRY_SCRIPT = /^\s*<script type="module" crossorigin src="([^"]+)"><\/script>\n/m;
const MODULE_PRELOAD = /^\s*<link rel="modulepreload" crossorigin href="([^"]+)">\n/gm;

/**
 * index.html whose scripts load once its first paint is on the screen: the entry and the modules it preloads go to
 * `first-paint-boot.js` (web/public) as data, which adds them after the next frame (docs/decisions/web.md). Unchanged
 * when it has no entry script to defer.
 */
function withScriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const boot =
    `    <script src="/webapps/first-paint-boot.js" defer data-entry="${entry}" ` +
    `data-preloads="${preloads.join(' ')}"></script>\n`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('  </head>', `${boot}  </head>`);
}

/**
 * A public page's index.html with its first paint inside `#root` (inert: nothing in it answers a click or takes
 * the focus before the app has rendered over it), the answers it shows for the app's first render
 * (web/src/lib/first-data.ts), its language on `<html>`, and its scripts loading after that paint.
 */
function withFirstPaint(html: string, paint: FirstPaint | null): string {
  if (!paint || !/^[a-z]{2}$/.test(paint.lang)) return html;
  const data = paint.data && Object.keys(paint.data).length > 0 ? firstDataScript(paint.data) : '';
  return withScriptsAfterPaint(html)
    .replace('<html lang="en">', `<html lang="${paint.lang}">`)
    .replace('<div id="root"></div>', `<div id="root"><div inert>${paint.html}</div></div>${data}`);
}

/**
 * Serves the built web app under /webapps/: files as they are (hashed assets cached for a year, precompressed
 * copies when the client accepts them), and index.html for every page address so the client router takes over
 * (revalidated every time: the app's conditional-GET middleware answers 304 while it has not changed).
 */
export function webApp(distDir: string, logger?: Logger): Middleware {
  const indexExists = () => existsSync(`${distDir}/index.html`);
  const firstPaintOf = firstPaints(distDir, logger);
  let indexPages: IndexPages | undefined;
  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method)) return next();
    if (ctx.path === '/' || ctx.path === '/webapps' || ctx.path === '/webapps/') {
      // The start page in the language the browser prefers (English unless it prefers Dutch).
      ctx.vary('Accept-Language');
      return ctx.redirect(
        webAddress(pagePath('ladders', ctx.acceptsLanguages(...notificationLanguages) || 'en')),
      );
    }
    if (
      !ctx.path.startsWith('/webapps/') ||
      ctx.path.startsWith('/webapps/api/') ||
      ctx.path.startsWith(LIVE_PATH)
    ) {
      return next();
    }
    const file = ctx.path.slice('/webapps/'.length);
    if (file.startsWith('assets/')) {
      const sent = await send(ctx, file, {
        root: distDir,
        ...precompressed,
        immutable: true,
        maxage: 365 * 24 * 3600 * 1000,
      }).catch(() => undefined);
      if (sent) return;
      return next();
    }
    if (file && STATIC_FILE.test(file)) {
      const sent = await send(ctx, file, { root: distDir, ...precompressed }).catch(() => undefined);
      if (sent) return;
      return next();
    }
    if (!indexExists()) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build:web`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    indexPages = indexPagesOf(distDir, indexPages);
    const page = indexPages.pages.find(({ pattern }) => pattern.test(ctx.path));
    if (page) {
      // The browser app's own hint (DESIGN.md §3), read the same way: it picks the signed-in render, which shows
      // no one's data; the answer still differs by cookie, so no cache keeps it for another browser.
      const signedIn = ctx.cookies.get(LOGGED_IN_COOKIE) === 'true';
      if (signedIn) ctx.set('Cache-Control', 'no-store, private');
      ctx.vary('Cookie');
      const paint = await firstPaintOf(new URL(ctx.href), sameServerFetchJson(ctx.req.socket), signedIn);
      // Compressed and given its ETag by the app's middleware, like any answer.
      ctx.type = 'html';
      ctx.body = withFirstPaint(page.html, paint);
      if (paint?.status === 404) ctx.status = 404;
      return;
    }
    // An address that names no page (DESIGN.md §14): 404, with the not-found page as its first paint. The other
    // pages (signed-in ones) have no first paint of their own.
    const paint = await firstPaintOf(new URL(ctx.href));
    if (paint?.status === 404) {
      ctx.type = 'html';
      ctx.body = withFirstPaint(indexPages.html, paint);
      ctx.status = 404;
      return;
    }
    // An address without a known locale is sent where the app would send it (its locale loader), so that a page that
    // does not exist answers 404 there instead of 200 here.
    const withLocale = localeAddedTo(ctx.path);
    if (withLocale) return ctx.redirect(`${withLocale}${ctx.search}`);
    await send(ctx, 'index.html', { root: distDir, ...precompressed });
  };
}

/**
 * The address the web app replaces `path` (`/webapps/{page}/…`) with when its locale is missing or unknown
 * (web/src/app/route-table.tsx: `/{page}` gets `/{page}/en/`; an unknown locale becomes `en`), else undefined.
 */
export function localeAddedTo(path: string): string | undefined {
  const [page, locale, ...rest] = path.slice('/webapps/'.length).split('/');
  // The dev mailbox is the one page without a locale (development only).
  if (!page || path === '/webapps/dev/mailbox') return undefined;
  if (locale === undefined || (locale === '' && rest.length === 0)) return `/webapps/${page}/en/`;
  if ((notificationLanguages as readonly string[]).includes(locale)) return undefined;
  return ['/webapps', page, 'en', ...rest].join('/');
}
