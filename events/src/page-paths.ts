/**
 * The web app's page addresses (DESIGN.md §2: `/webapps/{page}/{locale}/…`), written once for the web (router paths,
 * without the base), the api and the notifier (with it, `webAddress`). Beside `api-paths.ts`, which does the same
 * for the API.
 */
const WEB_BASE = '/webapps';

/**
 * The router path of a page in a locale: `pagePath('ladders', 'nl')` is `/ladders/nl/`, `pagePath('player', 'en',
 * id)` is `/player/en/{id}`. Segments are URI-encoded.
 */
export function pagePath(page: string, locale: string, ...segments: string[]): string {
  return `/${page}/${locale}/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * The matches page (spec §2): one match (`match`), a ladder's matches (`event`), of one player in it (`player`).
 * Values are URI-encoded; an empty one is kept (`player=`).
 */
export function matchesPagePath(
  locale: string,
  query: { match?: string; event?: string; player?: string } = {},
): string {
  const pairs = (['match', 'event', 'player'] as const).flatMap((key) =>
    query[key] === undefined ? [] : [`${key}=${encodeURIComponent(query[key])}`],
  );
  return `${pagePath('matches', locale)}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

/** A page's address on the site: the router path under `/webapps`. */
export function webAddress(path: string): string {
  return `${WEB_BASE}${path}`;
}
