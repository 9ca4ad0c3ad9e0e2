import { describe, expect, it } from 'vitest';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import type { Browser } from '../support/browser.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { expectAxeClean } from '../support/axe.ts';
import { club } from '../support/club.ts';
import { HttpClient } from '../support/http-client.ts';
import { expectFocusOffBody, pageProblems } from '../support/page-checks.ts';

/** Eight players of the club night, seeded through the API (their sign-up has journeys of its own). */
const PLAYERS = [
  'Anne de Vries',
  'Bram Jansen',
  'Cas Visser',
  'Daan Smit',
  'Eva Bakker',
  'Fleur Mulder',
  'Gijs de Boer',
  'Hanna Bos',
];
const NIGHT = 'Vrijdagavond padel';
/** A club night's create body, for those the journey makes through the API. */
const NIGHT_BODY = {
  sportsCategory: 'PADEL',
  startsAt: '2026-12-04T19:30',
  entries: 'OPEN',
};

interface Game {
  gameId: string;
  court: number;
  sideA: [string, string];
  sideB: [string, string];
}
interface Drawn {
  status: string;
  rounds: Array<{ round: number; games: Game[] }>;
}

/**
 * DESIGN.md §16 club nights at 375 px in Dutch: the manager creates an Americano of 8 on the manager screen, the
 * players enter (through the API), the manager draws it on the screen; two players each enter their game's result on
 * their phone in two taps (points of side A, Save), and a third phone that only watches sees the leaderboard change
 * live; a Mexicano's result changed after its next round is refused in words. Every page visited passes axe-core, shows no raw text key and draws its focus; after each action the focus is
 * not on <body>.
 */
describe('a club night, at 375 px in Dutch', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  /** The page has settled (its heading shown) and passes the checks of every visit. */
  const checked = async (browser: Browser, where: string, most?: number) => {
    await browser.page.locator('h1').first().waitFor();
    await expectAxeClean(browser.page, where);
    expect(await pageProblems(browser.page, where, most)).toEqual([]);
  };

  it('is created, entered and drawn; two phones’ results reach a watching phone live; a closed round’s result stays', async () => {
    const url = courtside.url;
    const { manager, company, teams } = await club(url, { players: PLAYERS });

    // The manager creates the Americano on the manager screen.
    const managerPhone = await courtside.newBrowser(manager);
    const managerPage = managerPhone.page;
    await managerPage.goto(`${url}/webapps/manager/nl/${company.id}/ladders`);
    await managerPage.getByTestId('tournaments-toggle').click();
    const section = managerPage.getByTestId('tournaments-section');
    await section.getByText('Nog geen toernooien.').waitFor();
    await section.getByLabel('Naam').fill(NIGHT);
    await section.getByLabel('Vorm').selectOption('AMERICANO');
    await section.getByLabel('Begint om').fill('2026-12-04T19:30');
    await section.getByLabel('Hoogstens deelnemers').fill('8');
    await section.getByLabel('Banen').fill('2');
    await section.getByRole('button', { name: 'Aanmaken' }).click();
    const managed = section.getByTestId('managed-tournament');
    await managed.getByRole('heading', { name: NIGHT }).waitFor();
    await expectFocusOffBody(managerPage, 'creating the club night');
    await checked(managerPhone, 'manager: tournaments section', 120);

    const list = await new HttpClient(url).json<Array<{ tournamentId: string }>>(
      'GET',
      `${TOURNAMENT_API}/tournaments?companyId=${company.id}`,
    );
    const { tournamentId } = list.body[0]!;

    // The public list: the night, taking entries; a player enters there, the rest through the API.
    const firstPlayer = await courtside.newBrowser(teams[0]!.http);
    await firstPlayer.page.goto(`${url}/webapps/tournaments/nl/?companyId=${company.id}`);
    await firstPlayer.page.getByRole('link', { name: NIGHT }).waitFor();
    await checked(firstPlayer, 'tournaments list');
    await firstPlayer.page.getByRole('button', { name: `Inschrijven voor ${NIGHT}` }).click();
    await firstPlayer.page.getByRole('button', { name: `Uitschrijven voor ${NIGHT}` }).waitFor();
    await expectFocusOffBody(firstPlayer.page, 'entering');
    for (const team of teams.slice(1)) {
      const entered = await team.http.json(
        'POST',
        `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`,
        {},
      );
      expect([201, 202]).toContain(entered.status);
    }

    // The manager's section follows the room: all eight entries, then the draw, confirmed.
    await expect.poll(() => managed.getByTestId('managed-entries').getByRole('listitem').count()).toBe(8);
    await managed.getByLabel('Plaatsing').selectOption('ENTRY');
    await managed.getByRole('button', { name: 'Loten' }).click();
    const confirm = managerPage.getByRole('dialog');
    await confirm.getByText(`${NIGHT} loten?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Loten' }).click();
    await managed.getByText('Bezig', { exact: false }).waitFor();
    await expectFocusOffBody(managerPage, 'the draw');

    const drawn = (
      await new HttpClient(url).json<Drawn>('GET', `${TOURNAMENT_API}/tournaments/${tournamentId}`)
    ).body;
    expect(drawn.status).toBe('running');
    expect(drawn.rounds).toHaveLength(7);
    const [first, second] = drawn.rounds[0]!.games;
    const byId = new Map(teams.map((team, index) => [team.account.id, { team, name: PLAYERS[index]! }]));
    const playerOf = (game: Game) => byId.get(game.sideA[0])!;
    const names = (side: [string, string]) => side.map((id) => byId.get(id)!.name).join(' & ');

    // A phone that only watches: the rounds as lists of courts, the leaderboard as a table.
    const watcher = await courtside.newBrowser();
    const tournamentPath = `${url}/webapps/tournaments/nl/${tournamentId}`;
    await watcher.page.goto(tournamentPath);
    const board = watcher.page.getByRole('table', { name: 'Stand' });
    await board.waitFor();
    await watcher.page
      .getByTestId('round-1')
      .getByText(`Baan ${first!.court}: ${names(first!.sideA)}`, { exact: false })
      .waitFor();
    await checked(watcher, 'club night: watching');
    const pointsOf = async (name: string) =>
      (
        await board
          .getByRole('row', { name: new RegExp(name) })
          .getByRole('cell')
          .allInnerTexts()
      )[2];

    // Two players, each of another court of round 1, enter their game's result in two taps.
    for (const [game, pointsA] of [
      [first!, 14],
      [second!, 9],
    ] as const) {
      const phone = await courtside.newBrowser(playerOf(game).team.http);
      await phone.page.goto(tournamentPath);
      const picker = phone.page.getByTestId('result-picker');
      await picker.waitFor();
      await checked(phone, `club night: ${playerOf(game).name}’s phone`, 60);
      await picker.getByRole('button', { name: String(pointsA), exact: true }).click();
      await picker.getByText(`${names(game.sideB)}: ${24 - pointsA}`).waitFor();
      await picker.getByRole('button', { name: 'Opslaan' }).click();
      await phone.page
        .getByText(`${names(game.sideA)} – ${names(game.sideB)}, ${pointsA}–${24 - pointsA}`, {
          exact: false,
        })
        .waitFor();
      await expectFocusOffBody(phone.page, `saving ${playerOf(game).name}’s result`);

      // The watching phone's leaderboard changed by itself.
      await expect.poll(() => pointsOf(playerOf(game).name)).toBe(String(pointsA));
    }
    // 15 points in one game lead the board: a player of the second court's side B is first.
    await expect
      .poll(() => board.getByRole('row').nth(1).getByRole('rowheader').innerText())
      .toMatch(new RegExp(second!.sideB.map((id) => byId.get(id)!.name).join('|')));
    await checked(watcher, 'club night: after the results');

    // A Mexicano whose next round is made: changing a result of its first round is refused, in words.
    const mexicano = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
      { ...NIGHT_BODY, name: 'Mexicano', format: 'MEXICANO', maxEntrants: 4, courts: 1 },
    );
    expect(mexicano.status).toBe(201);
    const mexicanoId = mexicano.body.tournamentId;
    for (const team of teams.slice(0, 4)) {
      const entered = await team.http.json('POST', `${TOURNAMENT_API}/tournaments/${mexicanoId}/entries`, {});
      expect(entered.status).toBe(201);
    }
    const admin = `${TOURNAMENT_ADMIN_API}/tournaments/${mexicanoId}`;
    const mexicanoDrawn = await manager.json<Drawn>('POST', `${admin}/draw`, { seeding: 'ENTRY' });
    expect(mexicanoDrawn.status).toBe(201);
    const opening = mexicanoDrawn.body.rounds[0]!.games[0]!;
    const scored = await manager.json(
      'PUT',
      `${TOURNAMENT_API}/tournaments/${mexicanoId}/games/${opening.gameId}`,
      {
        pointsA: 14,
        pointsB: 10,
      },
    );
    expect(scored.status).toBe(200);
    expect((await manager.json('POST', `${admin}/rounds`)).status).toBe(201);
    const late = await courtside.newBrowser(teams[0]!.http);
    await late.page.goto(`${url}/webapps/tournaments/nl/${mexicanoId}`);
    const firstRound = late.page.getByTestId('round-1');
    await firstRound.getByRole('button', { name: 'Uitslag wijzigen' }).click();
    const closedPicker = firstRound.getByTestId('result-picker');
    await closedPicker.getByRole('button', { name: '12', exact: true }).click();
    await closedPicker.getByRole('button', { name: 'Opslaan' }).click();
    await closedPicker.getByRole('alert').getByText('Die ronde is gesloten', { exact: false }).waitFor();
    await expectFocusOffBody(late.page, 'a refused result');
    // Three browsers, axe at each step: about 60 s at load 15-20.
  }, 180_000);
});
