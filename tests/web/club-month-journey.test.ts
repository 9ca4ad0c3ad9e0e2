import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ACCOUNT_API, ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import { PASSWORD, named, signedInPerson } from '../support/accounts.ts';
import { selectTab, type Browser } from '../support/browser.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import {
  club,
  day,
  enteredResult,
  joinedTeam,
  ladderWithSeason,
  plannedMatch,
  winterSeason,
} from '../support/club.ts';
import { tabTo } from '../support/keyboard.ts';
import { expectFocusOffBody, pageProblems } from '../support/page-checks.ts';
import { linkIn } from '../support/smtp.ts';
import { eventually } from '../support/wait.ts';

/** The club's players, seeded through the API (their sign-up has journeys of its own), in ladder order. */
const PLAYERS = ['Zoë Bakker', 'Daniël de Wit', 'Joëlle Maréchal', 'Sem Çelik', 'Thijs van Dijk'];
const CLUB = 'TC De Maand';
const LADDER = 'Clubladder';
const BOX_LADDER = 'Poulecompetitie';

/**
 * The manager's list of 30 rows (a header, then 30 invitees): Dutch names with diacritics, a name with a quoted
 * comma, a malformed row, a duplicate, a name with diacritics at a plain address (ready, invited) and the same
 * person at an address with one (`renée@…`, which the server does not take: the preview leaves it out), and a
 * player already in the season (ready in the preview, skipped by the server as ALREADY_IN_SEASON).
 */
function invitationCsv(alreadyPlaying: string): { csv: string; ready: number; problems: number } {
  const plain = [
    ['sanne.de.vries', 'Sanne de Vries'],
    ['noor.van.den.berg', 'Noor van den Berg'],
    ['chloe.dubois', 'Chloé Dubois'],
    ['ines.janssens', 'Inès Janssens'],
    ['bjorn.mulder', 'Björn Mulder'],
    ['mael.peeters', 'Maël Peeters'],
    ['jose.smit', 'José Smit'],
    ['lotte.de.groot', 'Lotte de Groot'],
    ['anais.visser', 'Anaïs Visser'],
    ['gaelle.bos', 'Gaëlle Bos'],
    ['eefje.van.leeuwen', 'Eefje van Leeuwen'],
    ['andre.meijer', 'André Meijer'],
    ['floor.de.boer', 'Floor de Boer'],
    ['mirjam.dekker', 'Mirjam Dekker'],
    ['ruben.van.der.meer', 'Ruben van der Meer'],
    ['sophie.hendriks', 'Sophie Hendriks'],
    ['tim.brouwer', 'Tim Brouwer'],
    ['femke.de.jong', 'Femke de Jong'],
    ['lars.koster', 'Lars Koster'],
    ['esmee.prins', 'Esmée Prins'],
    ['jurgen.vos', 'Jürgen Vos'],
    ['renee.jacobs', 'Renée Jacobs'],
  ].map(([local, name]) => `${local}@example.nl,${name}`);
  const rows = [
    'email,fullName',
    ...plain,
    'pieter.jansen@example.nl,"Jansen, Pieter"',
    'ZOE.DE.KOK@Example.nl,Zoë de Kok',
    'hélène.claes@example.nl,Hélène Claes',
    'renée.jacobs@example.nl,Renée Jacobs',
    'geen-adres-hier,Kees Zonder',
    'sanne.de.vries@example.nl,Sanne de Vries',
    `${alreadyPlaying},Zoë Bakker`,
    'daan.willems@example.nl;Daan Willems',
  ];
  // 30 invitees: four with a problem (two addresses the server does not take, a malformed row, a duplicate).
  return { csv: `${rows.join('\n')}\n`, ready: 26, problems: 4 };
}

/** The invitation link ("Accept: …") of the newest invitation mailed to `email` (not its sign-up code). */
async function mailedLink(mails: { to(email: string): Array<{ text: string }> }, email: string) {
  const accept = /^Accept:|^Accepteren:/m;
  const mail = await eventually(() => mails.to(email).findLast((sent) => accept.test(sent.text)), {
    message: `an invitation mailed to ${email}`,
  });
  return linkIn(mail.text, /^Accept:|^Accepteren:/);
}

/** How many lines the text of `element` takes. */
const lines = (element: Locator) =>
  element.evaluate((node) => {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

const card = (scope: Page | Locator, matchId: string) =>
  scope.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);

/**
 * DESIGN.md §9, §12, §10, §19: a club's first month in Chromium, one server for the file. The manager works on a
 * phone in Dutch (375 px), the co-manager and some players at a desk in English (1280 px), others on phones in
 * Dutch. The empty home page; an invitation list of 30 by CSV; a co-manager by the mailed link; a challenge that asks
 * first, its result entered and confirmed; a result disputed and settled; a pause; the box league drawn, a team
 * leaving it, the season closed after its question; the player pages reached by clicking names; an account erased.
 * On every page it visits: axe-core over the whole document, no raw text key, and every element the Tab key reaches
 * draws a visible focus indicator; after the actions that remove what had the focus, the focus is not on <body>.
 * Set-up the journey does not prove (the players, their teams, a planned match) goes through the API.
 */
describe('a club’s first month, at 375 px in Dutch and 1280 px in English', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone', smtp: true });

  /** Fails at the first page that does not pass the checks of every visit (`pageProblems`). */
  const checked = async (browser: Browser, where: string, most?: number) => {
    // Once the page has settled: its heading shown, nothing loading.
    await browser.page.locator('h1').first().waitFor();
    await browser.page
      .locator('[role="progressbar"], [aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached' });
    expect(await pageProblems(browser.page, where, most)).toEqual([]);
    await browser.screenshot(`club-month-${where.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
  };

  it('goes from the empty home page to an erased account, every page checked', async () => {
    const url = courtside.url;

    // The empty home page (first in the file: no club has a ladder yet) says how to start a club and how players
    // find theirs, in both languages and at both widths.
    const visitorPhone = await courtside.newBrowser(undefined, 'phone');
    await visitorPhone.page.goto(`${url}/webapps/ladders/nl/`);
    await visitorPhone.page.getByRole('heading', { name: 'Nog geen ladders' }).waitFor();
    await visitorPhone.page.getByRole('link', { name: 'Log in om je club te vinden' }).waitFor();
    expect(await visitorPhone.page.getByRole('link', { name: 'Start een club' }).getAttribute('href')).toBe(
      '/webapps/company/nl/onboarding',
    );
    await checked(visitorPhone, 'empty home nl phone');
    await visitorPhone.close();
    const visitorDesk = await courtside.newBrowser(undefined, 'desktop');
    await visitorDesk.page.goto(`${url}/webapps/`);
    await visitorDesk.page.waitForURL('**/webapps/ladders/en/');
    await visitorDesk.page.getByText('Playing at a club? Ask its manager for an invitation').waitFor();
    await checked(visitorDesk, 'empty home en desktop');
    // Signed out, Start a club leads through sign-in to the new-company form.
    await visitorDesk.page.getByRole('link', { name: 'Start a club' }).click();
    await visitorDesk.page.waitForURL('**/webapps/account/en/login?from=*');
    await visitorDesk.close();

    // The club, its ladder and running season, and five players with accepted teams of one (API).
    const { manager, company, ladderId, seasonId, teams } = await club(url, {
      companyName: CLUB,
      ladderName: LADDER,
      players: PLAYERS,
    });
    await named(manager, 'Mia de Manager');
    const [zoe, daniel, joelle, sem, thijs] = teams as [
      (typeof teams)[0],
      (typeof teams)[0],
      (typeof teams)[0],
      (typeof teams)[0],
      (typeof teams)[0],
    ];
    const managerPage = (locale: string, ladder: string) =>
      `${url}/webapps/manager/${locale}/${company.id}/ladders/${encodeURIComponent(ladder)}`;

    // The manager, on a phone in Dutch: the team counts stay on one line.
    const mia = await courtside.newBrowser(manager, 'phone');
    const m = mia.page;
    await m.goto(managerPage('nl', LADDER));
    const counts = m.getByTestId('team-count');
    await expect.poll(() => counts.count()).toBe(3);
    for (const count of await counts.all()) {
      const text = await count.textContent();
      expect([text, await lines(count)]).toEqual([text, 1]);
    }
    await checked(mia, 'manager participants nl phone');

    // Invitations by CSV: the preview marks the rows with a problem, the ready ones go out.
    await m.getByRole('button', { name: 'Spelers uitnodigen' }).click();
    const invite = m.getByTestId('invite-players');
    const { csv, ready, problems } = invitationCsv(zoe.account.email);
    await invite.getByLabel('Adressen of CSV').fill(csv);
    const rows = invite.getByTestId('invite-preview').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(30);
    const problemOf = (email: string) => rows.filter({ hasText: email }).first().getAttribute('data-problem');
    expect(await problemOf('renee.jacobs@example.nl')).toBe('');
    expect(await problemOf('renée.jacobs@example.nl')).toBe('EMAIL_INVALID');
    expect(await problemOf('hélène.claes@example.nl')).toBe('EMAIL_INVALID');
    expect(await problemOf('geen-adres-hier')).toBe('EMAIL_INVALID');
    expect(
      await rows.filter({ hasText: 'sanne.de.vries@example.nl' }).last().getAttribute('data-problem'),
    ).toBe('DUPLICATE');
    await rows.filter({ hasText: 'renee.jacobs@example.nl' }).getByText('Klaar').waitFor();
    // What each row was read as shows at 375 px too: the quoted comma stays in the name.
    const readAs = (email: string) =>
      rows.filter({ hasText: email }).getByTestId('invitee-read').filter({ visible: true });
    expect(await readAs('pieter.jansen@example.nl').textContent()).toBe('Jansen, Pieter');
    expect(await readAs('zoe.de.kok@example.nl').textContent()).toBe('Zoë de Kok');
    expect(await readAs('daan.willems@example.nl').textContent()).toBe('Daan Willems');
    await invite.getByText(`${problems} regels met een probleem worden overgeslagen`).waitFor();
    await checked(mia, 'invite preview nl phone');
    await invite.getByRole('button', { name: `${ready} uitnodigingen versturen` }).click();
    const result = invite.getByTestId('invite-result');
    // Zoë already plays: the server skips her row, and invites the others.
    await result.getByText(`${ready - 1} mensen uitgenodigd.`).waitFor();
    await result.getByText('Speelt al mee in dit seizoen').waitFor();
    await expectFocusOffBody(m, 'sending the invitations');
    const pending = invite.getByTestId('invitations').locator('tbody tr[data-state="pending"]');
    await expect.poll(() => pending.count()).toBe(ready - 1);
    await checked(mia, 'invitations sent nl phone', 300);
    // The rows the preview left out, sent as they are: the server skips the addresses it does not take as
    // INVALID_EMAIL and invites the rest of the same request.
    const raw = await manager.json<{
      invited: Array<{ email: string }>;
      skipped: Array<{ email: string; reason: string }>;
    }>('POST', `${ADMIN_API}/seasons/${seasonId}/invitations`, {
      invitees: [
        { email: 'renée.jacobs@example.nl', fullName: 'Renée Jacobs' },
        { email: 'geen-adres-hier', fullName: 'Kees Zonder' },
        { email: 'kees.zonder@example.nl', fullName: 'Kees Zonder' },
      ],
      placement: 'WAITING',
    });
    expect(raw.status).toBe(201);
    expect(raw.body.skipped).toEqual([
      { email: 'renée.jacobs@example.nl', reason: 'INVALID_EMAIL' },
      { email: 'geen-adres-hier', reason: 'INVALID_EMAIL' },
    ]);
    expect(raw.body.invited.map((one) => one.email)).toEqual(['kees.zonder@example.nl']);

    // A co-manager, invited from the Managers section, accepts by the mailed link, at a desk in English.
    const co = await signedInPerson(url, 'Bram Beheerder');
    await m.getByRole('button', { name: 'Beheerders' }).click();
    const managers = m.getByTestId('managers');
    await managers.getByLabel('E-mailadres').fill(co.account.email);
    await managers.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await m.getByText(`Er is een uitnodiging gemaild naar ${co.account.email}.`).first().waitFor();
    await checked(mia, 'managers section nl phone');
    const bram = await courtside.newBrowser(co.http, 'desktop');
    const c = bram.page;
    await c.goto(await mailedLink(courtside.smtp, co.account.email));
    await c.getByRole('button', { name: 'Accept' }).waitFor();
    await checked(bram, 'manager invitation en desktop');
    await c.getByRole('button', { name: 'Accept' }).click();
    await c.waitForURL(`**/webapps/manager/*/${company.id}/ladders/**`);
    await c.getByRole('tab', { name: 'Participants' }).waitFor();

    // A challenge asks first, naming the opponent: Daniël (#2, at a desk) challenges Zoë (#1).
    const danielBrowser = await courtside.newBrowser(daniel.http, 'desktop');
    const d = danielBrowser.page;
    await d.goto(`${url}/webapps/ladders/en/${ladderId}`);
    await d.getByTestId('standings').waitFor();
    await checked(danielBrowser, 'standings en desktop');
    // By keyboard: Tab to Challenge, Enter; the question names the opponent.
    await tabTo(d, d.getByRole('button', { name: 'Challenge Zoë Bakker' }));
    await d.keyboard.press('Enter');
    const question = d.getByRole('dialog');
    await question.getByText('Challenge Zoë Bakker?').waitFor();
    await checked(danielBrowser, 'challenge question en desktop');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await d.getByTestId('challenge-chip').count()).toBe(0);
    await d.getByRole('button', { name: 'Challenge Zoë Bakker' }).click();
    await question.getByRole('button', { name: 'Send challenge' }).click();
    await d.getByTestId('challenge-chip').first().waitFor();
    await expectFocusOffBody(d, 'sending the challenge');

    // Zoë accepts on her phone, in Dutch.
    const zoeBrowser = await courtside.newBrowser(zoe.http, 'phone');
    const z = zoeBrowser.page;
    await z.goto(`${url}/webapps/matches/nl/`);
    const received = z.locator('[data-testid="challenge"][data-state="received"]');
    await received.getByText('Uitgedaagd door Daniël de Wit').waitFor();
    await checked(zoeBrowser, 'challenge received nl phone');
    await received.getByRole('button', { name: 'Accepteren' }).click();
    await z.getByText('Uitdaging geaccepteerd').first().waitFor();
    await expectFocusOffBody(z, 'accepting the challenge');
    const matchId = await eventually(async () => {
      const mine = await zoe.http.json<Array<{ matchId?: string }>>('GET', `${LADDER_API}/challenges/mine`);
      return mine.body.find((one) => one.matchId)?.matchId;
    });

    // Daniël enters his win; Zoë confirms it and the positions move.
    await d.goto(`${url}/webapps/matches/en/`);
    const danielCard = card(d, matchId);
    await danielCard.getByRole('button', { name: 'Edit' }).click();
    for (const set of [1, 2]) {
      await danielCard.getByLabel(`Set ${set} score of Zoë Bakker`).fill('3');
      await danielCard.getByLabel(`Set ${set} score of Daniël de Wit`).fill('6');
    }
    await danielCard.getByRole('button', { name: 'Save' }).click();
    await d.getByText('Match saved').first().waitFor();
    await danielCard.getByText(/^Waiting for Zoë Bakker to confirm/).waitFor();
    await expectFocusOffBody(d, 'saving the result');
    await checked(danielBrowser, 'result waiting en desktop');
    await z.reload();
    const zoeCard = card(z, matchId);
    await zoeCard.getByText(/^Bevestig of betwist deze uitslag/).waitFor();
    await checked(zoeBrowser, 'result to confirm nl phone');
    await zoeCard.getByRole('button', { name: 'Uitslag bevestigen' }).click();
    await z.getByText('Uitslag bevestigd').first().waitFor();
    await expectFocusOffBody(z, 'confirming the result');

    // A planned match of Joëlle and Sem: Sem enters a win (API), Joëlle disputes it on her phone.
    const disputed = await plannedMatch(manager, seasonId, joelle.teamId, sem.teamId);
    await enteredResult(sem.http, disputed, [1, 2], [6, 6]);
    const joelleBrowser = await courtside.newBrowser(joelle.http, 'phone');
    const j = joelleBrowser.page;
    await j.goto(`${url}/webapps/matches/nl/`);
    const joelleCard = card(j, disputed);
    await joelleCard.getByRole('button', { name: 'Betwisten' }).click();
    const dispute = j.getByTestId('dispute-dialog');
    await dispute.getByLabel('Reden').fill('We hebben deze wedstrijd nooit gespeeld.');
    await checked(joelleBrowser, 'dispute dialog nl phone');
    await dispute.getByRole('button', { name: 'Uitslag betwisten' }).click();
    await joelleCard
      .getByText('Betwist: “We hebben deze wedstrijd nooit gespeeld.” — een beheerder beslist')
      .waitFor();
    await expectFocusOffBody(j, 'disputing the result');

    // The co-manager settles it from the Matches tab: the disputed result asks for attention first.
    await selectTab(c.getByRole('tab', { name: 'Matches' }));
    const attention = c
      .getByTestId('attention')
      .locator('[data-testid="attention-item"][data-kind="disputed"]');
    await attention.getByText('Disputed result').waitFor();
    await checked(bram, 'manager matches with a dispute en desktop');
    const settle = card(attention, disputed);
    await settle.getByRole('button', { name: 'Edit' }).click();
    await settle.getByRole('button', { name: 'Save' }).click();
    await c.getByText('Match saved').first().waitFor();
    await expect.poll(() => c.getByTestId('attention').count()).toBe(0);
    await expectFocusOffBody(c, 'settling the dispute');

    // Joëlle pauses her team for five days, on her phone.
    await j.goto(`${url}/webapps/ladders/nl/${ladderId}`);
    const until = j.getByLabel('Eerste dag terug');
    await until.fill(day(5));
    await until.press('Enter');
    await j.getByTestId('pause-state').getByText('Je team pauzeert tot').waitFor();
    await expectFocusOffBody(j, 'pausing');
    await checked(joelleBrowser, 'paused nl phone');
    await joelleBrowser.close();

    // The box league: a second ladder of the club whose season plays in boxes, with a later season to close into;
    // the five players join it (API). The manager draws it on her phone.
    const boxed = await ladderWithSeason(manager, company.id, { ladderName: BOX_LADDER, box: {} });
    const boxSeason = boxed.seasonId;
    const spring = await manager.json(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${boxed.ladderId}/seasons`,
      { ...winterSeason(), name: 'Lente', startDate: day(91), endDate: day(180), format: 'BOX' },
    );
    expect(spring.status).toBe(201);
    for (const team of teams) {
      const teamId = await joinedTeam(team.http, boxSeason);
      await manager.json('POST', `${ADMIN_API}/seasons/${boxSeason}/teams/accept`, { teamId });
    }
    await m.goto(managerPage('nl', BOX_LADDER));
    await m.getByRole('button', { name: /Winter/ }).waitFor();
    await selectTab(m.getByRole('tab', { name: 'Seizoen', exact: true }).last());
    const boxes = m.getByTestId('boxes-manager');
    await boxes.getByRole('button', { name: 'Poules indelen' }).click();
    await m.locator('[data-kind]', { hasText: '1 poule ingedeeld.' }).first().waitFor();
    await checked(mia, 'boxes drawn nl phone');

    // Sem leaves the box league from his ladders page, after its question.
    const semBrowser = await courtside.newBrowser(sem.http, 'phone');
    const s = semBrowser.page;
    await s.goto(`${url}/webapps/ladders/nl/`);
    const boxTeam = s.getByRole('listitem').filter({ hasText: `${BOX_LADDER} · Winter` });
    await boxTeam.getByRole('button', { name: 'Seizoen verlaten' }).click();
    await s.getByRole('dialog').getByText('Winter verlaten? Je team verliest zijn plaats.').waitFor();
    await checked(semBrowser, 'leave question nl phone');
    await s.getByRole('dialog').getByRole('button', { name: 'Seizoen verlaten' }).click();
    await s.getByText('Klaar: je doet niet meer mee aan dit seizoen.').first().waitFor();
    await expectFocusOffBody(s, 'leaving the season');
    await semBrowser.close();

    // The manager closes the season into Lente: it asks first; Cancel closes nothing, then she closes it.
    await boxes.getByLabel('Volgend seizoen').selectOption({ label: 'Lente' });
    const close = boxes.getByRole('button', { name: 'Afsluiten naar het volgende seizoen' });
    await close.click();
    const closing = m.getByTestId('box-action-dialog');
    await closing.getByRole('heading', { name: 'Afsluiten naar Lente?' }).waitFor();
    await checked(mia, 'close question nl phone');
    await closing.getByRole('button', { name: 'Annuleren' }).click();
    await closing.waitFor({ state: 'detached' });
    await expectFocusOffBody(m, 'cancelling the close');
    await close.click();
    await closing.getByRole('button', { name: 'Seizoen afsluiten' }).click();
    await boxes.getByText('Dit seizoen is afgesloten naar Lente.').waitFor();
    await expectFocusOffBody(m, 'closing the season');
    await checked(mia, 'season closed nl phone');
    await mia.close();

    // Player pages by clicking: every player's name on the box table and the standings is a link.
    const boxRows = d.getByTestId('box-row');
    await d.goto(`${url}/webapps/ladders/en/${boxed.ladderId}`);
    await expect.poll(() => boxRows.count()).toBe(5);
    for (const name of PLAYERS) await boxRows.getByRole('link', { name }).waitFor();
    await boxRows.filter({ hasText: 'Sem Çelik' }).getByTestId('box-left').waitFor();
    await checked(danielBrowser, 'box table en desktop');
    await d.goto(`${url}/webapps/ladders/en/${ladderId}`);
    const standings = d.getByTestId('standings-row');
    await expect.poll(() => standings.count()).toBe(5);
    for (const name of PLAYERS) await standings.getByRole('link', { name }).waitFor();
    await standings.getByRole('link', { name: 'Zoë Bakker' }).click();
    await d.waitForURL(`**/webapps/player/en/${zoe.account.id}`);
    await expect.poll(() => d.getByRole('heading', { level: 1 }).textContent()).toBe('Zoë Bakker');
    await checked(danielBrowser, 'player page en desktop');
    // On Zoë's page, her match card names Daniël: his name leads to his page.
    await card(d, matchId).getByRole('link', { name: 'Daniël de Wit' }).click();
    await d.waitForURL(`**/webapps/player/en/${daniel.account.id}`);
    await expect.poll(() => d.getByRole('heading', { level: 1 }).textContent()).toBe('Daniël de Wit');

    // Thijs erases his account from the settings, with the typed confirmation.
    const thijsBrowser = await courtside.newBrowser(thijs.http, 'desktop');
    const t = thijsBrowser.page;
    await t.goto(`${url}/webapps/account/en/settings`);
    await t.getByRole('button', { name: 'Delete my account' }).click();
    const erase = t.getByRole('dialog', { name: 'Delete your account?' });
    await erase.getByLabel('Current password').fill(PASSWORD);
    await erase.getByLabel('Type delete to delete your account for good').fill('delete');
    await checked(thijsBrowser, 'delete account dialog en desktop');
    await erase.getByRole('button', { name: 'Delete my account' }).click();
    await t.waitForURL('**/webapps/account/en/login');
    await t.getByText('Your account is deleted.').waitFor();
    await checked(thijsBrowser, 'account deleted en desktop');
    expect((await thijs.http.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
    // The closed box table names him as a former player, in the page's language.
    await z.goto(`${url}/webapps/ladders/nl/${boxed.ladderId}`);
    await z.getByTestId('box-row').getByText('Voormalig speler').waitFor();
    expect(await z.getByText('Thijs van Dijk').count()).toBe(0);
    await checked(zoeBrowser, 'box table after erasure nl phone');
  }, 900_000);
});
