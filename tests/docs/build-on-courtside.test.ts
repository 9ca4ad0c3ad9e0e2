import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { openBrowser, type Browser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

/** The snippet of docs/build-on-courtside.md, exactly as a club would paste it, with its two values filled in. */
async function snippet(courtsideUrl: string, ladderId: string): Promise<string> {
  const page = await readFile(path.resolve('docs/build-on-courtside.md'), 'utf8');
  const code = /```html\n([\s\S]*?)```/.exec(page)?.[1];
  if (!code) throw new Error('docs/build-on-courtside.md has no html snippet');
  return code.replace('https://courtside.example', courtsideUrl).replace('your-ladder-id', ladderId);
}

describe('Build on Courtside: the snippet of the docs, on another site', () => {
  let courtside: RunningCourtside;
  let club: Server;
  let browser: Browser | undefined;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { extraModules: [] });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (club ? club.close(resolve) : resolve(undefined)));
    await courtside?.stop();
  });

  it('shows a ladder’s standings and follows its live scores from a club’s own page', async () => {
    const setup = await seasonWithTeams(courtside.url!, 3);
    const [defender, , challenger] = setup.teams;
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      { defenderId: defender!.teamId, challengerId: challenger!.teamId },
    );
    expect(created.status).toBe(201);

    // The club's site: another origin (its own port), serving the snippet and its own copy of socket.io-client.
    const html = `<!doctype html><html><head><meta charset="utf-8"></head><body>${await snippet(courtside.url!, setup.ladderId)}</body></html>`;
    const socketIoClient = path.join(
      path.dirname(createRequire(import.meta.url).resolve('socket.io-client/package.json')),
      'dist/socket.io.min.js',
    );
    club = createServer((request, response) => {
      if (request.url === '/socket.io.min.js') {
        void readFile(socketIoClient).then((file) => {
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
        });
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    });
    await new Promise<void>((resolve) => club.listen(0, '127.0.0.1', resolve));
    const clubUrl = `http://127.0.0.1:${(club.address() as AddressInfo).port}/`;
    expect(new URL(clubUrl).origin).not.toBe(new URL(courtside.url!).origin);

    browser = await openBrowser('desktop');
    const failed: string[] = [];
    browser.page.on('requestfailed', (request) => failed.push(request.url()));
    // The page's subscribe is answered by an ack frame (socket.io: `43<id>[{"ok":true,…}]`).
    const acked = new Promise<void>((resolve) => {
      browser!.page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (/^43\d*\[\{"ok":true/.test(String(frame.payload))) resolve();
        }),
      );
    });
    await browser.page.goto(clubUrl);
    await acked;

    const rows = browser.page.locator('#standings li');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual(['1. Sam Server (0–0)', '2. Sam Server (0–0)', '3. Sam Server (0–0)']);

    // The challenger scores from the court; the club's page follows point by point.
    const url = `${MATCHES_API}/matches/${created.body.matchId}`;
    expect((await challenger!.http.json('POST', `${url}/live`, { firstServer: 'defender' })).status).toBe(
      200,
    );
    expect(
      (await challenger!.http.json('POST', `${url}/points`, { seq: 1, winner: 'challenger' })).status,
    ).toBe(200);
    await expect.poll(() => browser!.page.locator('#live').textContent()).toBe('0-0 (0-15)');
    expect(
      (await challenger!.http.json('POST', `${url}/points`, { seq: 2, winner: 'challenger' })).status,
    ).toBe(200);
    await expect.poll(() => browser!.page.locator('#live').textContent()).toBe('0-0 (0-30)');
    await browser.screenshot('build-on-courtside');
    expect(failed).toEqual([]);
  });
});
