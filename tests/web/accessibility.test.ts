import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import {
  ACCOUNT_API,
  ADMIN_API,
  DEV_MAILBOX_PATH,
  LADDER_API,
  MATCHES_API,
  TOURNAMENT_ADMIN_API,
  TOURNAMENT_API,
} from '@courtside/events/api-paths';
import { documentViolations } from '../support/axe.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import { rawTextKeys, still } from '../support/page-checks.ts';
import {
  CHROMIUM,
  signInBrowser,
  viewports,
  waitForTheAppOnEveryLoad,
  type ViewportName,
  selectTab,
} from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { signedInAccount } from '../support/accounts.ts';
import { day, drawnBoxes, managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { eventually } from '../support/wait.ts';

/**
 * DESIGN.md §14: axe-core (its default rules, best practices included) finds nothing on any page of the product, in
 * English and Dutch, at 1280 and 375 px, signed out, as a player and as a manager, with the menus and dialogs open.
 * One server and one Chromium; each visitor is a browser context whose page is reused for every address. On every
 * page: no raw translation key shows, and (in the sweep at 1280 px) tabbing through it, every focused element draws
 * an indicator that can be seen (support/focus-indicator.ts; axe-core cannot judge that).
 */

type Locale = 'en' | 'nl';
/** A second ladder, its season not started yet: open to join, and deletable (the delete dialog). */
const OPEN_LADDER = 'Open Ladder';
/**
 * Each page in both languages and at both widths, in two sweeps: English at 1280 px, Dutch at 375 px (the longer
 * texts at the narrower width, where they overflow first). What axe judges changes with the width or the language,
 * not with their pairing.
 */
const SWEEPS: Array<[Locale, ViewportName]> = [
  ['en', 'desktop'],
  ['nl', 'phone'],
];

/**
 * The sweep that also tabs through every page and judges each focused element's indicator (focus-indicator.ts):
 * the focus style is one rule of the base CSS for every width and language, and at 1280 px every control of a page
 * is in the tab order (at 375 px some wait behind the menu). The tabbing is most of a sweep's time.
 */
const FOCUS_SWEEPS: ReadonlyArray<[Locale, ViewportName]> = [['en', 'desktop']];

/**
 * Two sweeps of a visitor's pages, one of them tabbing through each page: a manager's four sweeps with two tabbing
 * took 344 s at load 25.
 */
const SWEEP_TIMEOUT = 600_000;

/** The texts a sweep clicks on, in both languages. */
const TEXTS = {
  en: {
    tabs: ['Participants', 'Matches', 'Season', 'Ladder'],
    seasons: 'Season',
    delete: 'Delete',
    edit: 'Edit',
    accept: 'Accept',
    decline: 'Decline',
    signInToAccept: 'Sign in to accept',
  },
  nl: {
    tabs: ['Deelnemers', 'Wedstrijden', 'Seizoen', 'Ladder'],
    seasons: 'Seizoen',
    delete: 'Verwijderen',
    edit: 'Bewerken',
    accept: 'Accepteren',
    decline: 'Weigeren',
    signInToAccept: 'Log in om te accepteren',
  },
} as const;

interface World {
  baseUrl: string;
  /** A ladder whose season plays in boxes, drawn, with a later season to close into; its club's manager. */
  boxLadderId: string;
  /** The season the box season was closed into, drawn too. */
  boxNextSeasonId: string;
  boxCompanyId: string;
  boxManager: HttpClient;
  companyId: string;
  ladderId: string;
  ladderName: string;
  seasonId: string;
  matchId: string;
  playerId: string;
  /** A club night (DESIGN.md §16) of the club's manager and its three players, drawn: one court, three rounds. */
  tournamentId: string;
  manager: HttpClient;
  player: HttpClient;
  /** Tokens of mails to the player, read from the dev mailbox: a password reset, a club's invitation to a season,
   * an invitation to manage a club and another player's partner request (DESIGN.md §9, §10). None is ever used. */
  resetToken: string;
  playInvitation: string;
  manageInvitation: string;
  partnerRequest: string;
}

/** A step of a sweep: bring the page into a state, then axe looks at it. */
type Visit = (page: Page, locale: Locale, world: World) => Promise<void>;

/** Goes to a page of the product and waits until its main content has settled (no spinner, a heading). */
async function open(page: Page, world: World, address: string): Promise<void> {
  await page.goto(`${world.baseUrl}/webapps${address}`);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await page.locator('h1, h2').first().waitFor();
  try {
    await page.locator('[role="progressbar"], [aria-busy="true"]').first().waitFor({ state: 'detached' });
  } catch (error) {
    // A page that stays busy: which of its requests never ended says whose wait it is.
    const pending = [...(pendingRequests.get(page) ?? [])].map(
      (request) => `${request.method()} ${request.url()}`,
    );
    throw new Error(`still busy; requests under way: ${pending.join(', ') || 'none'}`, { cause: error });
  }
}

/** Each page's requests that have neither finished nor failed. */
const pendingRequests = new WeakMap<Page, Set<Request>>();
/** Each page's reads since the last `readsAgainAndAgain`, by address. */
const readCounts = new WeakMap<Page, Map<string, number>>();

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  const reads = new Map<string, number>();
  pendingRequests.set(page, pending);
  readCounts.set(page, reads);
  page.on('request', (request) => {
    pending.add(request);
    if (request.method() === 'GET') reads.set(request.url(), (reads.get(request.url()) ?? 0) + 1);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * The addresses a page read five times or more since the last call: a page that settled reads nothing by itself,
 * and an effect that runs at every render reads its address again after each answer, for as long as it is open.
 */
function readsAgainAndAgain(page: Page, where: string): string[] {
  const reads = readCounts.get(page)!;
  const found = [...reads]
    .filter(([, count]) => count >= 5)
    .map(([url, count]) => `${where}: read ${count} times: ${url}`);
  reads.clear();
  return found;
}

/** Clicks the first element matching and waits for what it opens. */
async function openUp(page: Page, opener: string, opened: string): Promise<void> {
  await page.locator(opener).first().click();
  await page.locator(opened).first().waitFor();
}

/** Until an open dialog shows its buttons (Headless UI's dialog element itself has no size). */
async function dialogShows(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button').first().waitFor();
}

/**
 * At 375 px nothing makes the page wider than the screen (a wide table scrolls in its own box). The journeys run
 * their flows at one width; this is where every page's phone layout is held to it.
 */
async function overflow(page: Page, where: string): Promise<string[]> {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  return width > viewports.phone.width
    ? [`${where}: the page is ${width} px wide at ${viewports.phone.width} px`]
    : [];
}

/** The page of an invitation's link, until `action` (a button or link) shows. */
async function invitation(
  page: Page,
  locale: Locale,
  world: World,
  token: string,
  action: string,
): Promise<void> {
  await open(page, world, `/account/${locale}/invitation/${encodeURIComponent(token)}`);
  await page
    .getByRole('main')
    .getByRole('button', { name: action, exact: true })
    .or(page.getByRole('main').getByRole('link', { name: action, exact: true }))
    .waitFor();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const signedOut: Array<[string, Visit]> = [
  ['ladders', (page, locale, w) => open(page, w, `/ladders/${locale}/`)],
  ['standings', (page, locale, w) => open(page, w, `/ladders/${locale}/${w.ladderId}`)],
  [
    'standings of a box season',
    async (page, locale, w) => {
      await open(page, w, `/ladders/${locale}/${w.boxLadderId}`);
      await page.getByTestId('boxes').locator('table').first().waitFor();
      // Closed: each side says where it went, and the picker offers the next season.
      await page.getByTestId('box-movement').first().waitFor();
      await page.getByTestId('season-picker').waitFor();
    },
  ],
  [
    'standings page, the next box season picked',
    async (page, locale, w) => {
      await open(page, w, `/ladders/${locale}/${w.boxLadderId}?season=${w.boxNextSeasonId}`);
      await page.getByTestId('picked-season').getByTestId('box-came-from').first().waitFor();
    },
  ],
  ['season matches', (page, locale, w) => open(page, w, `/matches/${locale}/?event=${w.seasonId}`)],
  ['a match', (page, locale, w) => open(page, w, `/matches/${locale}/?match=${w.matchId}`)],
  ['player', (page, locale, w) => open(page, w, `/player/${locale}/${w.playerId}`)],
  [
    'widget',
    async (page, locale, w) => {
      await page.goto(`${w.baseUrl}/webapps/widget/${locale}/?event=${w.seasonId}`);
      await page.locator('[data-match-id]').first().waitFor();
    },
  ],
  [
    'widget of a box season',
    async (page, locale, w) => {
      await page.goto(`${w.baseUrl}/webapps/widget/${locale}/?event=${w.boxLadderId}`);
      await page.getByTestId('widget-boxes').locator('table').first().waitFor();
    },
  ],
  [
    'widget of one match (no ?event=)',
    async (page, locale, w) => {
      await page.goto(`${w.baseUrl}/webapps/widget/${locale}/?match=${w.matchId}`);
      await page.locator(`[data-match-id="${w.matchId}"]`).waitFor();
    },
  ],
  ['login', (page, locale, w) => open(page, w, `/account/${locale}/login`)],
  ['register', (page, locale, w) => open(page, w, `/account/${locale}/register`)],
  ['forgot password', (page, locale, w) => open(page, w, `/account/${locale}/forgot`)],
  [
    'a password reset link',
    async (page, locale, w) => {
      await open(page, w, `/account/${locale}/reset?token=${encodeURIComponent(w.resetToken)}`);
      await page.locator('main input[type="password"]').waitFor();
    },
  ],
  ['a password reset page without a link', (page, locale, w) => open(page, w, `/account/${locale}/reset`)],
  [
    'an invitation to play, signed out',
    (page, locale, w) => invitation(page, locale, w, w.playInvitation, TEXTS[locale].signInToAccept),
  ],
  [
    'an invitation to manage, signed out',
    (page, locale, w) => invitation(page, locale, w, w.manageInvitation, TEXTS[locale].signInToAccept),
  ],
  [
    'a partner request, signed out',
    (page, locale, w) => invitation(page, locale, w, w.partnerRequest, TEXTS[locale].signInToAccept),
  ],
  [
    'tournaments of a club',
    (page, locale, w) => open(page, w, `/tournaments/${locale}/?companyId=${w.companyId}`),
  ],
  [
    'a club night',
    async (page, locale, w) => {
      await open(page, w, `/tournaments/${locale}/${w.tournamentId}`);
      await page.getByTestId('leaderboard').waitFor();
    },
  ],
  ['not found', (page, locale, w) => open(page, w, `/nowhere/${locale}/at-all`)],
  ['accessibility statement', (page, locale, w) => open(page, w, `/accessibility/${locale}/`)],
];

const asPlayer: Array<[string, Visit]> = [
  [
    'a club night, its result to enter',
    async (page, locale, w) => {
      await open(page, w, `/tournaments/${locale}/${w.tournamentId}`);
      await page.getByTestId('result-picker').waitFor();
    },
  ],
  ['my matches', (page, locale, w) => open(page, w, `/matches/${locale}/`)],
  [
    'my match being edited',
    async (page, locale) => {
      await page.locator('[data-match-id]').getByRole('button', { name: TEXTS[locale].edit }).first().click();
      await page.locator('[data-match-id] input[type="datetime-local"]').waitFor();
    },
  ],
  [
    'standings with a challenge to answer',
    async (page, locale, w) => {
      await open(page, w, `/ladders/${locale}/${w.ladderId}`);
      await page.getByTestId('standings').waitFor();
    },
  ],
  [
    'the accept dialog',
    async (page, locale) => {
      await page.getByTestId('standings').getByRole('button', { name: TEXTS[locale].accept }).click();
      await dialogShows(page);
    },
  ],
  ['the accept dialog closed', (page) => closeDialog(page)],
  [
    'the decline dialog',
    async (page, locale) => {
      await page.getByTestId('standings').getByRole('button', { name: TEXTS[locale].decline }).click();
      await dialogShows(page);
    },
  ],
  ['the decline dialog closed', (page) => closeDialog(page)],
  [
    'the join dialog',
    async (page, locale, w) => {
      await open(page, w, `/ladders/${locale}/`);
      await page.locator('main button', { hasText: 'Spring' }).first().click();
      await dialogShows(page);
    },
  ],
  ['the join dialog closed', (page) => closeDialog(page)],
  ['scorer', (page, locale, w) => open(page, w, `/matches/${locale}/score/${w.matchId}`)],
  [
    'an invitation to play, to this player',
    (page, locale, w) => invitation(page, locale, w, w.playInvitation, TEXTS[locale].accept),
  ],
  [
    'an invitation to manage, to this player',
    (page, locale, w) => invitation(page, locale, w, w.manageInvitation, TEXTS[locale].accept),
  ],
  [
    'a partner request, to this player',
    (page, locale, w) => invitation(page, locale, w, w.partnerRequest, TEXTS[locale].accept),
  ],
  ['account', (page, locale, w) => open(page, w, `/account/${locale}/`)],
  ['preferences', (page, locale, w) => open(page, w, `/account/${locale}/preferences`)],
  ['settings', (page, locale, w) => open(page, w, `/account/${locale}/settings`)],
  ['companies', (page, locale, w) => open(page, w, `/company/${locale}/`)],
  ['new company', (page, locale, w) => open(page, w, `/company/${locale}/onboarding`)],
  [
    // A manager removed from their club is told so by name (this browser remembers the clubs it saw them manage).
    'new company, after being removed from a club',
    async (page, locale, w) => {
      const memory = JSON.stringify({
        accountId: w.playerId,
        clubs: [{ id: '00000000-0000-4000-8000-00000000c1b0', name: 'TC Former' }],
      });
      // Kept as text: the pages' CSP allows no eval of a compiled function's helpers (support/focus-indicator.ts).
      await page.evaluate(`localStorage.setItem('courtside.managedClubs', ${JSON.stringify(memory)})`);
      await open(page, w, `/company/${locale}/onboarding`);
      await page.getByTestId('former-club').waitFor();
    },
  ],
  [
    'account menu',
    async (page) => {
      await openUp(page, 'header [aria-haspopup="menu"] >> nth=-1', '[role="menu"]');
    },
  ],
  ['account menu closed', (page) => page.keyboard.press('Escape')],
  [
    'notifications',
    async (page) => {
      await openUp(page, 'header [aria-haspopup="menu"] >> nth=0', '[role="menu"]');
    },
  ],
];

const asManager: Array<[string, Visit]> = [
  [
    'participants',
    (page, locale, w) =>
      open(page, w, `/manager/${locale}/${w.companyId}/ladders/${encodeURIComponent(w.ladderName)}`),
  ],
  [
    'invite players, open',
    async (page) => {
      await page.getByTestId('invite-players-toggle').click();
      await page.getByTestId('invite-players').locator('textarea').waitFor();
    },
  ],
  [
    'the managers section, open',
    async (page) => {
      await page.getByTestId('managers-toggle').click();
      await page.getByTestId('manager-list').waitFor();
    },
  ],
  [
    // DESIGN.md §18: an endpoint added (its secret shown once), a test sent, its deliveries open.
    'the webhooks section, an endpoint added, its deliveries open',
    async (page) => {
      await page.getByTestId('webhooks-toggle').click();
      const section = page.getByTestId('webhooks');
      await section.locator('input[type="url"]').fill('http://127.0.0.1:9/hook');
      await section.locator('form button[type="submit"]').click();
      await section.getByTestId('webhook-secret').waitFor();
      const endpoint = section.locator('li[data-webhook]').last();
      await endpoint.locator('button').first().click();
      await endpoint.getByTestId('deliveries').waitFor();
    },
  ],
  [
    // DESIGN.md §16: the club night drawn, with its entries and a Finish button.
    'the tournaments section, open',
    async (page) => {
      await page.getByTestId('tournaments-toggle').click();
      await page.getByTestId('managed-tournament').first().waitFor();
    },
  ],
  ...TEXTS.en.tabs.map((_, index): [string, Visit] => [
    `tab ${index + 1}`,
    async (page, locale) => {
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].tabs[index] }).last());
      await settle(page);
    },
  ]),
  [
    // A number too big is kept as typed and said to be too big (a maxLength once clipped 100000 to 100 silently).
    'a number too big',
    async (page, locale) => {
      // From the Ladder tab: back to the ladder's Season tab, then the season's own Season tab.
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].seasons, exact: true }).first());
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].tabs[2] }).last());
      const field = page.locator('main input[inputmode="numeric"]').last();
      await field.fill('');
      await field.pressSequentially('100000');
      expect(await field.inputValue()).toBe('100000');
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    },
  ],
  [
    'delete dialog',
    async (page, locale, w) => {
      await open(page, w, `/manager/${locale}/${w.companyId}/ladders/${encodeURIComponent(OPEN_LADDER)}`);
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].tabs[2] }).last());
      await page.getByRole('button', { name: TEXTS[locale].delete, exact: true }).click();
      await dialogShows(page);
    },
  ],
  ['delete dialog closed', (page) => closeDialog(page)],
  ['audit', (page, locale, w) => open(page, w, `/audit/${locale}/${w.companyId}`)],
  [
    // Signed in as someone else than the invited address: the page says so.
    'an invitation to another address',
    async (page, locale, w) => {
      await open(page, w, `/account/${locale}/invitation/${encodeURIComponent(w.playInvitation)}`);
      await page.locator('main [role="alert"]').first().waitFor();
    },
  ],
  ['a match as its manager', (page, locale, w) => open(page, w, `/matches/${locale}/?match=${w.matchId}`)],
];

/** A box season's Season tab (DESIGN.md §12): the season form with its box settings, the draw and the close. */
const asBoxManager: Array<[string, Visit]> = [
  [
    'season tab of a box season',
    async (page, locale, w) => {
      await open(page, w, `/manager/${locale}/${w.boxCompanyId}/ladders/${encodeURIComponent('Box Ladder')}`);
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].tabs[2] }).last());
      await page.getByTestId('box-settings').locator('select').first().waitFor();
      await page.getByTestId('boxes-manager').locator('select').nth(1).waitFor();
    },
  ],
  [
    'the close question of a box season',
    async (page, locale, w) => {
      await open(page, w, `/manager/${locale}/${w.boxCompanyId}/ladders/${encodeURIComponent('Box Ladder')}`);
      await selectTab(page.getByRole('tab', { name: TEXTS[locale].tabs[2] }).last());
      const boxes = page.getByTestId('boxes-manager');
      await boxes.locator('select').nth(1).waitFor();
      await boxes.getByRole('button').nth(1).click();
      await page.getByTestId('box-action-dialog').getByRole('heading').waitFor();
    },
  ],
];

describe('accessibility: axe-core over every page', () => {
  let courtside: RunningCourtside;
  let browser: Browser;
  let world: World;
  beforeAll(async () => {
    const [started, launched] = await Promise.all([
      createBackend('embedded').then((backend) =>
        startTestCourtside(backend, { webDistDir: defaultWebDistDir }),
      ),
      chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] }),
    ]);
    courtside = started;
    browser = launched;
    world = await buildWorld(courtside.url!);
  });
  afterAll(async () => {
    await browser?.close();
    await courtside?.stop();
  });

  async function sweep(visits: Array<[string, Visit]>, who: HttpClient | null): Promise<string[]> {
    const context = await browser.newContext({ viewport: viewports.desktop });
    try {
      if (who) await signInBrowser(context, world.baseUrl, who);
      const page = await context.newPage();
      trackRequests(page);
      waitForTheAppOnEveryLoad(page);
      const found: string[] = [];
      for (const [locale, viewport] of SWEEPS) {
        await page.setViewportSize(viewports[viewport]);
        for (const [name, visit] of visits) {
          const where = `${name} (${locale}, ${viewport})`;
          try {
            await visit(page, locale, world);
          } catch (error) {
            throw new Error(`${where}: ${String(error)}`, { cause: error });
          }
          // A page may show its content while a read goes on (the invitation's account): axe looks once none does,
          // else the loading veil fades in over what it checks.
          await page
            .locator('main[aria-busy="true"], [data-testid="loading-overlay"]')
            .first()
            .waitFor({ state: 'detached' });
          await still(page);
          found.push(...(await documentViolations(page, where)));
          if (viewport === 'phone') found.push(...(await overflow(page, where)));
          found.push(...(await rawTextKeys(page, where)));
          if (FOCUS_SWEEPS.some(([l, v]) => l === locale && v === viewport))
            found.push(...(await focusIndicatorProblems(page, where)));
          found.push(...readsAgainAndAgain(page, where));
        }
      }
      return found;
    } finally {
      await context.close();
    }
  }

  it('follows prefers-reduced-motion: no transition or animation takes time', async () => {
    const durations = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ viewport: viewports.phone, reducedMotion });
      try {
        const page = await context.newPage();
        trackRequests(page);
        waitForTheAppOnEveryLoad(page);
        await open(page, world, '/ladders/en/');
        return await page.evaluate<string[]>(
          `[...document.querySelectorAll('[class*="transition"], [class*="animate-"]')].flatMap((element) => {
            const style = getComputedStyle(element);
            return [style.transitionDuration, style.animationDuration].flatMap((list) => list.split(', '));
          }).filter((duration) => parseFloat(duration) * (duration.endsWith('ms') ? 1 : 1000) > 1)`,
        );
      } finally {
        await context.close();
      }
    };
    expect((await durations('no-preference')).length).toBeGreaterThan(0);
    expect(await durations('reduce')).toEqual([]);
  });

  it(
    'signed out',
    async () => {
      expect(await sweep(signedOut, null)).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
  it(
    'as a player',
    async () => {
      expect(await sweep(asPlayer, world.player)).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
  it(
    'as a manager',
    async () => {
      expect(await sweep(asManager, world.manager)).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
  it(
    'as the manager of a box season',
    async () => {
      expect(await sweep(asBoxManager, world.boxManager)).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );
});

/**
 * A club with a ladder whose season has three teams: a match between the first two (the player is the second), a
 * challenge of the third to the player, and a second ladder whose next season is open for registration.
 */
async function buildWorld(baseUrl: string): Promise<World> {
  const ladderName = 'Club Ladder';
  const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, 3, {
    companyName: 'TC Axe',
    ladderName,
  });
  const [first, player, third] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
  const created = await manager.json<{ matchId: string }>(
    'POST',
    `${ADMIN_API}/seasons/${seasonId}/teams/match`,
    {
      defenderId: first.teamId,
      challengerId: player.teamId,
    },
  );
  expect(created.status).toBe(201);
  const dated = await manager.json('PUT', `${MATCHES_API}/matches`, {
    id: created.body.matchId,
    date: `${day(3)}T18:30`,
    defender: { special: 'none', matchSets: [] },
    challenger: { special: 'none', matchSets: [] },
  });
  expect(dated.status).toBe(200);
  const challenge = await third.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
    defenderTeamId: player.teamId,
  });
  expect(challenge.status).toBe(201);
  const other = await manager.json<{ uuid: string }>('POST', `${ADMIN_API}/companies/${company.id}/ladders`, {
    name: OPEN_LADDER,
    email: 'open@club.test',
    sportsCategory: 'TENNISSINGLE',
  });
  const season = await manager.json(
    'POST',
    `${ADMIN_API}/companies/${company.id}/ladders/${other.body.uuid}/seasons`,
    {
      name: 'Spring',
      startDate: day(10),
      endDate: day(60),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    },
  );
  expect(season.status).toBe(201);
  const me = await player.http.json<{ id: string }>('GET', `${ACCOUNT_API}/account`);
  // A box season (DESIGN.md §12) with its boxes drawn, in a club of its own.
  const boxes = await seasonWithTeams(baseUrl, 3, {
    companyName: 'TC Axe Boxes',
    ladderName: 'Box Ladder',
    box: { size: 4 },
  });
  await drawnBoxes(boxes.manager, boxes.seasonId);
  const later = await boxes.manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${boxes.company.id}/ladders/${boxes.ladderId}/seasons`,
    {
      name: 'Spring',
      startDate: day(91),
      endDate: day(180),
      minimumPlayedMatches: 3,
      openForRegistration: false,
      matchType: 'BESTOFTHREE',
      format: 'BOX',
    },
  );
  expect(later.status).toBe(201);
  // The box season closed into the later one, which is drawn (DESIGN.md §12): the closed tables say who moved where,
  // the next ones where each side came from.
  const closed = await boxes.manager.json('POST', `${ADMIN_API}/seasons/${boxes.seasonId}/boxes/close`, {
    nextSeasonId: later.body.uuid,
  });
  expect(closed.status).toBe(200);
  await drawnBoxes(boxes.manager, later.body.uuid);
  // A club night of the manager and the three players, drawn (DESIGN.md §16).
  const night = await manager.json<{ tournamentId: string }>(
    'POST',
    `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
    {
      name: 'Friday night',
      format: 'AMERICANO',
      sportsCategory: 'PADEL',
      startsAt: `${day(2)}T19:30`,
      entries: 'OPEN',
      maxEntrants: 8,
      courts: 1,
    },
  );
  expect(night.status).toBe(201);
  const { tournamentId } = night.body;
  for (const entrant of [manager, ...teams.map((team) => team.http)]) {
    const entered = await entrant.json('POST', `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`, {});
    expect(entered.status).toBe(201);
  }
  const drawn = await manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`, {
    seeding: 'ENTRY',
  });
  expect(drawn.status).toBe(201);
  // Mails to the player (DESIGN.md §9, §10): the box club invites them to its season and to manage it, and they
  // ask for a new password. Their links' tokens come from the dev mailbox, as a person reads them.
  const { email } = (teams[1] as (typeof teams)[0]).account;
  const invited = await boxes.manager.json('POST', `${ADMIN_API}/seasons/${boxes.seasonId}/invitations`, {
    invitees: [{ email }],
    placement: 'WAITING',
  });
  expect(invited.status).toBe(201);
  const asManager = await boxes.manager.json(
    'POST',
    `${ADMIN_API}/companies/${boxes.company.id}/managers/invitations`,
    { email },
  );
  expect(asManager.status).toBe(201);
  const forgot = await boxes.manager.request('POST', `${ACCOUNT_API}/account/password/forgot?language=en`, {
    email,
  });
  expect(forgot.status).toBe(202);
  // A player of a padel club asks the player to play together (DESIGN.md §9 "Partners agree first").
  const padel = await managerWithSeason(baseUrl, {
    sportsCategory: 'PADEL',
    companyName: 'TC Axe Padel',
    ladderName: 'Padel Ladder',
  });
  const asker = new HttpClient(baseUrl);
  await signedInAccount(asker, { fullName: 'Ann Asker' });
  const asked = await asker.json('POST', `${LADDER_API}/seasons/${padel.seasonId}/teams`, {
    partnerEmail: email,
  });
  expect(asked.status).toBe(201);
  /** The token in the link of the one mail whose subject matches. */
  const mailed = (subject: RegExp, link: RegExp) =>
    eventually(
      async () => {
        const mails = await player.http.json<Array<{ subject: string; text: string }>>(
          'GET',
          `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
        );
        const found = mails.body.filter((mail) => subject.test(mail.subject));
        const token = found.length === 1 ? link.exec(found[0]!.text)?.[1] : undefined;
        return token ? decodeURIComponent(token) : undefined;
      },
      { message: `a mail to ${email} about ${subject}` },
    );
  const invitationLink = /\/invitation\/([^\s/?]+)/;
  const [resetToken, playInvitation, manageInvitation, partnerRequest] = await Promise.all([
    mailed(/password|wachtwoord/i, /\/reset\?token=([^\s&]+)/),
    mailed(/invites you to Box Ladder/, invitationLink),
    mailed(/invites you to manage/, invitationLink),
    mailed(/asks you to play Padel Ladder together/, invitationLink),
  ]);
  return {
    resetToken,
    playInvitation,
    manageInvitation,
    partnerRequest,
    boxLadderId: boxes.ladderId,
    boxNextSeasonId: later.body.uuid,
    boxCompanyId: boxes.company.id,
    boxManager: boxes.manager,
    baseUrl,
    companyId: company.id,
    tournamentId,
    ladderId,
    ladderName,
    seasonId,
    matchId: created.body.matchId,
    playerId: me.body.id,
    manager,
    player: player.http,
  };
}
