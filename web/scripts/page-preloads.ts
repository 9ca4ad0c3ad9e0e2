import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { readManifest, routeModuleKey, staticClosure } from './size-budget.ts';

/**
 * The public pages a phone opens first, by address, and the lazy route module each renders
 * (app/route-table.tsx). Without a hint the browser finds a route module only after the entry ran, and that module's
 * imports only after it arrived: two more round trips on a weak signal before the page can ask for its data.
 */
const preloadedPages = [
  { pattern: '^/webapps/ladders/[a-z]{2}/?$', module: 'LaddersPage.tsx' },
  { pattern: '^/webapps/ladders/[a-z]{2}/[^/]+/?$', module: 'StandingsPage.tsx' },
  { pattern: '^/webapps/matches/[a-z]{2}/?$', module: 'MatchesPage.tsx' },
  { pattern: '^/webapps/widget/[a-z]{2}/?$', module: 'WidgetPage.tsx' },
] as const;

const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** For each page: the scripts of its route module and their static imports that index.html does not name already. */
function pagePreloadsOf(distDir: string, base: string): Array<{ pattern: string; hrefs: string[] }> {
  const { manifest, entry } = readManifest(distDir);
  const inIndex = staticClosure(manifest, entry);
  return preloadedPages.map(({ pattern, module }) => ({
    pattern,
    hrefs: staticClosure(manifest, routeModuleKey(manifest, module), new Set(inIndex))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => `${base}${file}`),
  }));
}

/**
 * Writes `dist/.vite/page-preloads.json` after the build: the api names these scripts as `modulepreload` in the
 * index.html it sends for the page's address (api/src/web/web-app.ts), so they load with the entry.
 */
export function pagePreloads(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'courtside-page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle() {
      writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloadsOf(outDir, base)));
    },
  };
}
