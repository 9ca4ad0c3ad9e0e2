import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { readManifest, staticClosure } from '../../web/scripts/size-budget.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** A request with exactly the headers given (fetch would add and undo Accept-Encoding itself). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

describe('what the server sends to a phone on a weak signal', () => {
  let courtside: RunningCourtside;
  let entryScript: string;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
    const assets = readdirSync(path.join(defaultWebDistDir, 'assets'));
    entryScript = assets.find((name) => /^index-.*\.js$/.test(name))!;
  });
  afterAll(() => courtside?.stop());

  it('sends scripts brotli- or gzip-compressed as the client accepts, cached for a year', async () => {
    const url = `${courtside.url}/webapps/assets/${entryScript}`;
    const [br, gzip, plain] = await Promise.all([
      rawGet(url, { 'accept-encoding': 'gzip, deflate, br' }),
      rawGet(url, { 'accept-encoding': 'gzip' }),
      rawGet(url),
    ]);

    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.bytes).toBeLessThan(plain.bytes / 2);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    }
  });

  it('opens the start page in the language the browser prefers', async () => {
    const start = (path: string, language?: string) =>
      rawGet(`${courtside.url}${path}`, language ? { 'accept-language': language } : {});
    const dutch = await start('/webapps/', 'nl-NL,nl;q=0.9,en;q=0.8');
    expect(dutch.status).toBe(302);
    expect(dutch.headers.location).toBe('/webapps/ladders/nl/');
    expect(dutch.headers.vary).toContain('Accept-Language');
    expect((await start('/', 'nl')).headers.location).toBe('/webapps/ladders/nl/');
    expect((await start('/webapps', 'nl')).headers.location).toBe('/webapps/ladders/nl/');
    expect((await start('/webapps/', 'en-GB,nl;q=0.5')).headers.location).toBe('/webapps/ladders/en/');
    expect((await start('/webapps/', 'fr')).headers.location).toBe('/webapps/ladders/en/');
    expect((await start('/webapps/')).headers.location).toBe('/webapps/ladders/en/');
  });

  it('answers a page whose address ends in a dot and letters (an invitation link) with the page, a file by its type', async () => {
    // An invitation token is `{id}.{signature}`; a signature of letters and digits only once read as a missing file.
    const link = await rawGet(
      `${courtside.url}/webapps/account/nl/invitation/b14b097f-6d7e.KOpAbZwXR0hbBMaIlpUczn8l`,
    );
    expect(link.status).toBe(200);
    expect(String(link.headers['content-type'])).toContain('text/html');
    expect((await rawGet(`${courtside.url}/webapps/favicon.svg`)).status).toBe(200);
    expect((await rawGet(`${courtside.url}/webapps/no-such-file.js`)).status).toBe(404);
  });

  it('answers an address that names no page 404, with the not-found page as its first paint (DESIGN.md §14)', async () => {
    const page = async (address: string) => {
      const response = await fetch(`${courtside.url}/webapps${address}`);
      return { status: response.status, text: await response.text() };
    };
    for (const [address, title] of [
      ['/nowhere/en/at-all', 'Page not found'],
      ['/ladders/nl/a/b/c', 'Pagina niet gevonden'],
      ['/widget/en/extra', 'Page not found'],
      ['/account/en/no-such-page', 'Page not found'],
      ['/manager/nl/company-1/nothing', 'Pagina niet gevonden'],
      // Without a known locale: sent to the address with one (as the app would), which is not found either.
      ['/nowhere', 'Page not found'],
      ['/nowhere/xx/at-all', 'Page not found'],
    ]) {
      const answer = await page(address!);
      expect([address, answer.status]).toEqual([address, 404]);
      expect(answer.text).toContain(`<div id="root"><div inert>`);
      expect(answer.text).toContain(title);
    }
    // Known pages (an unknown id on a known page is the page's own business: DESIGN.md §15).
    for (const address of [
      '/ladders/en/',
      '/ladders/nl/some-ladder',
      '/account/en/login',
      '/accessibility/nl/',
    ]) {
      expect([address, (await page(address)).status]).toEqual([address, 200]);
    }
  });

  it('revalidates the page itself with its ETag: 304 while it has not changed', async () => {
    const url = `${courtside.url}/webapps/ladders/en/`;
    const first = await rawGet(url, { 'accept-encoding': 'br' });
    const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });

    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
  });

  it('names each public page’s own scripts in its index.html, so a phone loads them with the entry', async () => {
    const chunkName = (href: string) => href.replace(/^\/webapps\/assets\/([A-Za-z]+)-.*$/, '$1');
    const pageOf = async (address: string) => {
      const answer = await fetch(`${courtside.url}${address}`);
      expect(answer.status, address).toBe(200);
      const html = await answer.text();
      // As links, or for a page with a first paint, as the list its boot script adds after that paint.
      const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)];
      const deferred = /data-preloads="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      return [...links.map((found) => found[1]!), ...deferred].map(chunkName);
    };
    const ladders = await pageOf('/webapps/ladders/en/');
    const standings = await pageOf('/webapps/ladders/nl/3f0c4a52-7c1e-4c36-9a53-0d3d6c1d8f00');
    const matches = await pageOf('/webapps/matches/en/?event=x');
    const widget = await pageOf('/webapps/widget/en/?event=x');
    const account = await pageOf('/webapps/account/en/');

    expect(ladders).toContain('LaddersPage');
    expect(ladders).not.toContain('StandingsPage');
    expect(standings).toContain('StandingsPage');
    expect(matches).toContain('MatchesPage');
    expect(widget).toContain('WidgetPage');
    // Other pages keep the build's own index.html: the entry and what it imports.
    expect(account).not.toContain('LaddersPage');
    expect(account.length).toBeLessThan(ladders.length);
    // Every page names what the entry imports (React and the router among them).
    const { manifest, entry } = readManifest(defaultWebDistDir);
    const entryImports = staticClosure(manifest, entry)
      .filter((key) => key !== entry && manifest[key]!.file.endsWith('.js'))
      .map((key) => chunkName(`/webapps/${manifest[key]!.file}`));
    expect(entryImports.length).toBeGreaterThan(2);
    for (const preloads of [ladders, standings, matches, widget, account])
      expect(preloads).toEqual(expect.arrayContaining(entryImports));
  });

  it('sends each public page with its first paint in its language; the scripts it does not need to paint come later', async () => {
    const htmlOf = async (address: string) => (await fetch(`${courtside.url}${address}`)).text();
    const ladders = await htmlOf('/webapps/ladders/en/');
    const dutch = await htmlOf('/webapps/ladders/nl/');
    const widget = await htmlOf('/webapps/widget/nl/?event=x');
    const account = await htmlOf('/webapps/account/en/');

    expect(ladders).toContain('<html lang="en">');
    expect(ladders).toMatch(/<div id="root"><div inert>.*<h1[^>]*>Ladders<\/h1>/s);
    expect(dutch).toContain('<html lang="nl">');
    expect(dutch).toMatch(/<div id="root"><div inert>.*Inloggen/s);
    expect(widget).toMatch(/<div id="root"><div inert>.*data-testid="widget"/s);
    // Not "offline" before the first connection: the widget is connecting while its scripts arrive.
    expect(widget).toMatch(/data-state="idle"[^>]*>(<[^>]*><\/span>)?Verbinden/);
    for (const html of [ladders, dutch, widget]) {
      // Its scripts load once the first paint is on the screen (web/public/first-paint-boot.js).
      expect(html).toMatch(
        /<script src="\/webapps\/first-paint-boot.js" defer data-entry="\/webapps\/assets\/index-[^"]+\.js" data-preloads="[^"]+">/,
      );
      expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    }
    // A page behind the sign-in (and every other page) paints with its scripts, as before.
    expect(account).toContain('<div id="root"></div>');
    expect(account).toMatch(/<script type="module" crossorigin/);
  });

  it('compresses JSON answers that are worth it', async () => {
    const metrics = await rawGet(`${courtside.url}/metrics`, { 'accept-encoding': 'gzip' });
    const small = await rawGet(`${courtside.url}/webapps/api/health`, { 'accept-encoding': 'gzip' });

    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toContain('Accept-Encoding');
  });

  it('lets other sites frame the widget only', async () => {
    const widget = await rawGet(`${courtside.url}/webapps/widget/en/?event=x`);
    const manager = await rawGet(`${courtside.url}/webapps/manager/en/`);

    expect(widget.headers['content-type']).toContain('text/html');
    expect(widget.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(manager.headers['content-type']).toContain('text/html');
    expect(manager.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(manager.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(manager.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives JSON answers, errors included, the short header set of an api, and pages the whole set', async () => {
    const paths = [
      '/webapps/api/health',
      '/webapps/api/nothing-here',
      '/webapps/api/matches/api/v1/matches/x',
    ];
    for (const path of paths) {
      const { headers } = await rawGet(`${courtside.url}${path}`);
      expect(headers['content-type'], path).toContain('application/json');
      expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], path).toBe('same-origin');
      expect(headers['strict-transport-security'], path).toContain('max-age=');
      expect(headers['referrer-policy'], path).toBeUndefined();
    }
    // The api's own documentation is a page under the api's path: it keeps the document policies.
    const docs = await rawGet(`${courtside.url}/webapps/api/docs`);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
  });
});
