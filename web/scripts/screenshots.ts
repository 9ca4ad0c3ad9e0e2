/**
 * Screenshots of the web shell for review (not part of the app or the tests).
 *
 *   node --import tsx web/scripts/screenshots.ts [previewBase] [devBase]
 *
 * previewBase: a `vite preview` of the build (default http://127.0.0.1:4173);
 * devBase: a `vite dev` server (default http://127.0.0.1:5174), used for the alert shot because
 * only there can a script reach the app's own modules. The live channel is played by a stub
 * socket.io peer (Playwright WebSocket routing), so no API is needed.
 * Output: web/.cache/screenshots/*.png
 */
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type * as AlertsModule from '../src/hooks/useAlerts';
import type * as StoreModule from '../src/stores/store';
import type * as LoadingModule from '../src/stores/loading';

const previewBase = process.argv[2] ?? 'http://127.0.0.1:4173';
const devBase = process.argv[3] ?? 'http://127.0.0.1:5174';
const outDir = join(import.meta.dirname, '..', '.cache', 'screenshots');
mkdirSync(outDir, { recursive: true });

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;

/** A minimal socket.io (engine.io v4) server: opens, acks every subscribe with {ok: true}. */
async function stubLiveChannel(context: BrowserContext, online: boolean) {
  if (!online) return; // nothing listens behind the proxy: the client keeps retrying
  await context.routeWebSocket(/\/webapps\/socket\.io\//, (ws) => {
    ws.send(
      JSON.stringify({
        sid: 'stub',
        upgrades: [],
        pingInterval: 25000,
        pingTimeout: 20000,
        maxPayload: 1e6,
      }).replace(/^/, '0'),
    );
    ws.onMessage((message) => {
      const text = String(message);
      if (text === '40' || text.startsWith('40{')) ws.send('40{"sid":"stub-socket"}');
      const ack = /^42(\d+)\[/.exec(text);
      if (ack) ws.send(`43${ack[1]}[{"ok":true}]`);
    });
  });
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: false });
  console.log(`saved ${name}.png`);
}

async function withContext(
  viewport: { width: number; height: number },
  online: boolean,
  run: (page: Page) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-shots-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
  });
  try {
    await stubLiveChannel(context, online);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning')
        console.error(`console ${msg.type()}: ${msg.text()}`);
    });
    await run(page);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [label, viewport] of Object.entries(viewports)) {
  await withContext(viewport, true, async (page) => {
    await page.goto(`${previewBase}/webapps/`);
    await page.waitForURL('**/webapps/ladders/en/');
    await page.getByRole('heading', { name: 'Ladders', exact: true }).waitFor();
    await shot(page, `${label}-ladders-en`);

    await page.getByRole('link', { name: /Switch to Nederlands/ }).click();
    await page.waitForURL('**/webapps/ladders/nl/');
    await page.getByText('Vind een ladder').waitFor();
    await shot(page, `${label}-ladders-nl`);

    await page.goto(`${previewBase}/webapps/nope/nl/some/where`);
    await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    await shot(page, `${label}-not-found-nl`);

    await page.goto(`${previewBase}/webapps/ladders/fr/`);
    await page.waitForURL('**/webapps/ladders/en/');
    await page.goto(`${previewBase}/webapps/dev/mailbox`);
    await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
    await shot(page, `${label}-dev-mailbox`);
  });

  await withContext(viewport, false, async (page) => {
    await page.goto(`${devBase}/webapps/ladders/en/`);
    await page.getByRole('heading', { name: 'Ladders', exact: true }).waitFor();
    await page.evaluate(async () => {
      const path = '/webapps/src/hooks/useAlerts.ts';
      const mod = (await import(/* @vite-ignore */ path)) as typeof AlertsModule;
      mod.alerts.show('info', 'Ladder saved');
      mod.alerts.show('warning', 'This season has not started yet.');
      mod.alerts.show('error', 'Laddername is not available');
    });
    await shot(page, `${label}-alerts-offline`);

    await page.evaluate(async () => {
      const path = '/webapps/src/stores/store.ts';
      const loading = '/webapps/src/stores/loading.ts';
      const { appStore } = (await import(/* @vite-ignore */ path)) as typeof StoreModule;
      const { inFlightAtom } = (await import(/* @vite-ignore */ loading)) as typeof LoadingModule;
      appStore.set(inFlightAtom, 1);
    });
    await page.waitForTimeout(100);
    const early = await page.getByTestId('loading-overlay').count();
    console.log(`overlay after 100 ms: ${early ? 'visible (wrong)' : 'hidden (right)'}`);
    await shot(page, `${label}-loading`);
  });
}
