/**
 * The first paint of a public page, rendered by the api into index.html: the page as the browser's first
 * render shows it (the top bar, the page's header, and where its route asks for them, the answers it shows: the
 * standings, the widget's lists), so a phone on a weak signal sees the page before its JavaScript has arrived. The browser does not hydrate it: main.tsx renders the app over it once
 * the router is ready, with the same markup, so nothing moves.
 *
 * Built by `vite build --ssr` into dist/.ssr/ (web/package.json), loaded by api/src/web/first-paint.ts.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { TranslationsProvider } from './hooks/useTranslation';
import { BASENAME } from './app/basename';
import type { NOT_FOUND } from './app/route-table';
import { routes } from './app/route-table';
import { i18n } from './lib/i18n';
import { isLocale } from './lib/locale';
import { buildUrl } from './lib/http';
import { renderWithFirstData, type FirstData, type FirstDataLoader } from './lib/first-data';
import { renderWithCookies } from './lib/cookies';
import { LOGGED_IN_COOKIE } from './lib/session';

const handler = createStaticHandler(routes, { basename: BASENAME });

interface FirstPaint {
  /** The markup of the page's first render, to go inside `<div id="root">`. */
  html: string;
  /** The page's language, for `<html lang>`. */
  lang: string;
  /** The API answers the markup shows, by request address, for the app's own first render (lib/first-data.ts). */
  data: FirstData;
  /** 404 for an address that names no page (its first paint is the not-found page), else 200. */
  status: 200 | 404;
}

/** GETs a public API answer (`path` with its query) for a first paint; rejects unless the API answered 2xx. */
type FetchJson = (path: string) => Promise<unknown>;

/** The answers the matched routes' `handle.firstData` ask for; none when one of them failed. */
async function firstDataOf(
  matches: ReadonlyArray<{ params: Record<string, string | undefined>; route: { handle?: unknown } }>,
  url: URL,
  fetchJson: FetchJson,
): Promise<FirstData> {
  const data: FirstData = {};
  const get = async (path: string, query?: Parameters<typeof buildUrl>[1]) => {
    const address = buildUrl(path, query);
    const value = await fetchJson(address);
    data[address] = value;
    return value;
  };
  try {
    for (const match of matches) {
      const load = (match.route.handle as { firstData?: FirstDataLoader } | undefined)?.firstData;
      if (load) await load({ params: match.params, url, get });
    }
    return data;
  } catch {
    // The page is still worth its first paint: the app loads (and explains) what could not be had.
    return {};
  }
}

/**
 * The first paint of the page at `url` (absolute, with its query), or null where there is none to give: a redirect
 * (an unknown locale, a signed-in page without `signedIn`) or a route that failed. With `fetchJson`, the page's routes get the answers they show.
 */
export async function renderFirstPaint(
  url: string,
  fetchJson?: FetchJson,
  signedIn = false,
): Promise<FirstPaint | null> {
  // `signedIn`: the request says it is signed in (`courtside.loggedin`). The render then sees that cookie and no
  // other (never the session's): a signed-in page (My matches) paints its frame, the top bar its account corner.
  const cookies = signedIn ? `${LOGGED_IN_COOKIE}=true` : '';
  const context = await handler.query(new Request(url, { headers: cookies ? { cookie: cookies } : {} }));
  if (context instanceof Response || context.errors) return null;
  const locale = context.matches.map((match) => match.params.locale).find(isLocale);
  if (!locale) return null;
  // The locale loader has loaded the page's texts; a copy of the translations in the page's language keeps
  // concurrent renders of other languages apart.
  const translations = i18n.cloneInstance({ lng: locale });
  const address = new URL(url);
  const data = fetchJson ? await firstDataOf(context.matches, address, fetchJson) : {};
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderWithFirstData(data, address.origin, () =>
    renderWithCookies(cookies, () =>
      renderToString(
        <JotaiProvider store={createStore()}>
          <TranslationsProvider translations={translations}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </TranslationsProvider>
        </JotaiProvider>,
      ),
    ),
  );
  const notFound = context.matches.some(
    (match) => (match.route.handle as Partial<typeof NOT_FOUND> | undefined)?.notFound,
  );
  return { html, lang: locale, data, status: notFound ? 404 : 200 };
}
