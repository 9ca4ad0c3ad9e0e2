/**
 * The first paint of a public page, rendered by the api into index.html (issue 17): the page as the browser's first
 * render shows it (the top bar, the page's header, its data still loading), so a phone on a weak signal sees the
 * page before its JavaScript has arrived. The browser does not hydrate it: main.tsx renders the app over it once
 * the router is ready, with the same markup, so nothing moves.
 *
 * Built by `vite build --ssr` into dist/.ssr/ (web/package.json), loaded by api/src/web/first-paint.ts.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { BASENAME } from './app/basename';
import { routes } from './app/route-table';
import { i18n } from './lib/i18n';
import { isLocale } from './lib/locale';

const handler = createStaticHandler(routes, { basename: BASENAME });

export interface FirstPaint {
  /** The markup of the page's first render, to go inside `<div id="root">`. */
  html: string;
  /** The page's language, for `<html lang>`. */
  lang: string;
}

/**
 * The first paint of the page at `url` (absolute, with its query), or null where there is none to give: a redirect
 * (an unknown locale) or a route that failed.
 */
export async function renderFirstPaint(url: string): Promise<FirstPaint | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const locale = context.matches.map((match) => match.params.locale).find(isLocale);
  if (!locale) return null;
  // The locale loader has loaded the page's texts; a copy of the translations in the page's language keeps
  // concurrent renders of other languages apart.
  const translations = i18n.cloneInstance({ lng: locale });
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <JotaiProvider store={createStore()}>
      <I18nextProvider i18n={translations}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </JotaiProvider>,
  );
  return { html, lang: locale };
}
