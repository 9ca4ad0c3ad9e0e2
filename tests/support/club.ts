import { addDays, format } from 'date-fns';
import { expect } from 'vitest';
import { managerWithCompany, signedInPerson } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import { eventually, sentUntilTaken } from './wait.ts';
import {
  ADMIN_API,
  LADDER_API,
  MATCHES_API,
  TOURNAMENT_ADMIN_API,
  TOURNAMENT_API,
} from '@courtside/events/api-paths';

export const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

export interface SeasonOptions {
  companyName?: string;
  ladderName?: string;
  sportsCategory?: string;
  openForRegistration?: boolean;
  matchType?: string;
  /** The season ends this many days from today (it started 5 days ago). */
  endOffset?: number;
  /** DESIGN.md §5 ladder rules of the season; what is left out takes its default. */
  rules?: Record<string, unknown>;
  /** DESIGN.md §12: given, the season plays in boxes with these settings (what is left out takes its default). */
  box?: Record<string, unknown>;
}

/**
 * The season `managerWithSeason` creates, as the seasons route takes it: Winter, started 5 days ago, ending
 * `endOffset` days from today.
 */
export function winterSeason({
  endOffset = 90,
  matchType = 'BESTOFTHREE',
  openForRegistration = true,
}: Pick<SeasonOptions, 'endOffset' | 'matchType' | 'openForRegistration'> = {}) {
  return {
    name: 'Winter',
    startDate: day(-5),
    endDate: day(endOffset),
    minimumPlayedMatches: 3,
    openForRegistration,
    matchType,
  };
}

/** A signed-in manager of a new company with one ladder and a season running today. */
export async function managerWithSeason(baseUrl: string, options: SeasonOptions = {}) {
  const manager = new HttpClient(baseUrl);
  const { account, company } = await managerWithCompany(manager, options.companyName);
  const { ladderId, seasonId } = await ladderWithSeason(manager, company.id, options);
  return { manager, account, company, ladderId, seasonId };
}

/** Another ladder of the manager's company, with a season running today (`SeasonOptions`; Club Ladder by default). */
export async function ladderWithSeason(manager: HttpClient, companyId: string, options: SeasonOptions = {}) {
  const { sportsCategory = 'TENNISSINGLE' } = options;
  const ladder = await manager.json<{ uuid: string }>('POST', `${ADMIN_API}/companies/${companyId}/ladders`, {
    name: options.ladderName ?? 'Club Ladder',
    email: 'ladder@club.test',
    sportsCategory,
  });
  expect(ladder.status).toBe(201);
  const season = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${companyId}/ladders/${ladder.body.uuid}/seasons`,
    {
      ...winterSeason(options),
      ...(options.rules ? { rules: options.rules } : {}),
      ...(options.box ? { format: 'BOX', box: options.box } : {}),
    },
  );
  expect(season.status).toBe(201);
  return { ladderId: ladder.body.uuid, seasonId: season.body.uuid };
}

/** A player's result of a planned match, entered through the API: each side's games, set by set. */
export async function enteredResult(
  player: HttpClient,
  matchId: string,
  defenderGames: number[],
  challengerGames: number[],
): Promise<void> {
  const side = (games: number[]) => ({
    special: 'none',
    matchSets: games.map((score, index) => ({ order: index + 1, score })),
  });
  const entered = await player.json('PUT', `${MATCHES_API}/matches`, {
    id: matchId,
    date: null,
    defender: side(defenderGames),
    challenger: side(challengerGames),
  });
  expect(entered.status).toBe(200);
}

export interface ClubOptions extends SeasonOptions {
  /** The players, each a team of one in the season: this many (named Sam Server), or one for each full name given. */
  players?: number | string[];
  /** The manager leaves the players' teams waiting for approval (by default they are accepted, in order). */
  waiting?: boolean;
}

/** A player's team of one in a season (its id): the player signs up for the season on the ladders page. */
export async function joinedTeam(player: HttpClient, seasonId: string): Promise<string> {
  const registered = await sentUntilTaken(() =>
    player.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {}),
  );
  // 202: taken, not yet in the read model (a loaded machine, a Kafka log); the team id is in the answer either way.
  expect([201, 202]).toContain(registered.status);
  return registered.body.teamId;
}

/**
 * A club as a journey test starts from: a signed-in manager of a new company with one ladder and a season running
 * today (`SeasonOptions`), and its players, each signed in on an HTTP client of their own with a team of one,
 * accepted in the order given unless `waiting`. The pages show the players' full names.
 */
export async function club(baseUrl: string, { players = 0, waiting = false, ...options }: ClubOptions = {}) {
  const {
    manager,
    account: managerAccount,
    company,
    ladderId,
    seasonId,
  } = await managerWithSeason(baseUrl, options);
  const fullNames = typeof players === 'number' ? Array.from({ length: players }, () => undefined) : players;
  const teams = [];
  for (const fullName of fullNames) {
    const { http, account } = await signedInPerson(baseUrl, fullName);
    const teamId = await joinedTeam(http, seasonId);
    if (!waiting) await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, { teamId });
    teams.push({ http, account, teamId });
  }
  return { manager, managerAccount, company, ladderId, seasonId, teams };
}

/** A season with accepted teams of one: `club` with these players. */
export function seasonWithTeams(baseUrl: string, players: number | string[], options: SeasonOptions = {}) {
  return club(baseUrl, { ...options, players });
}

/** A match the manager plans between two of the season's teams (its id). */
export async function plannedMatch(
  manager: HttpClient,
  seasonId: string,
  defenderId: string,
  challengerId: string,
): Promise<string> {
  const created = await manager.json<{ matchId: string }>(
    'POST',
    `${ADMIN_API}/seasons/${seasonId}/teams/match`,
    { defenderId, challengerId },
  );
  expect(created.status).toBe(201);
  return created.body.matchId;
}

/** The manager draws a box season's boxes by position (DESIGN.md §12): each box's number and sides. */
export async function drawnBoxes(
  manager: HttpClient,
  seasonId: string,
): Promise<Array<{ boxId: string; number: number; teamIds: string[] }>> {
  const drawn = await sentUntilTaken(() =>
    manager.json<{ boxes: Array<{ boxId: string; number: number; teamIds: string[] }> }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/boxes/draw`,
      { by: 'POSITION' },
    ),
  );
  if (drawn.status === 201) return drawn.body.boxes;
  // 202: drawn, its projection after the command's bound (a loaded machine). The public tables have the boxes once
  // projected, each box's sides in table order.
  expect(drawn.status).toBe(202);
  const tables = await eventually(async () => {
    const { body } = await manager.json<
      Array<{ boxId: string; number: number; rows: Array<{ teamId: string }> }>
    >('GET', `${LADDER_API}/seasons/${seasonId}/boxes`);
    return body.length > 0 && body;
  });
  return tables.map(({ boxId, number, rows }) => ({ boxId, number, teamIds: rows.map((row) => row.teamId) }));
}

/** "6-4 6-3" as a match save's two sides, the defender's games first; `walkover`: the side that did not come. */
export function scoreOf(text: string, walkover?: 'defender' | 'challenger') {
  const sets = text
    .split(' ')
    .filter(Boolean)
    .map((set) => set.split('-').map(Number) as [number, number]);
  const special = (side: 'defender' | 'challenger') => (walkover === side ? 'walkover' : 'none');
  return {
    defender: { matchSets: sets.map(([d]) => ({ score: d })), special: special('defender') },
    challenger: { matchSets: sets.map(([, c]) => ({ score: c })), special: special('challenger') },
  };
}

/**
 * A tournament (DESIGN.md §16) the manager creates for their company with `body` (name, format, sport, …; open
 * entries, starting 2026-12-12 10:00 unless the body says otherwise), entered by each of `players` in that order and
 * drawn in entry order: the draw's answer.
 */
/**
 * A tournament the manager creates for their company (open for entry, on 12 December unless `body` says otherwise),
 * entered by each of `players` in that order, not drawn: its id.
 */
export async function enteredTournament(
  manager: HttpClient,
  companyId: string,
  body: Record<string, unknown>,
  players: ReadonlyArray<{ http: HttpClient }>,
): Promise<string> {
  const created = await manager.json<{ tournamentId: string }>(
    'POST',
    `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`,
    { startsAt: '2026-12-12T10:00', entries: 'OPEN', ...body },
  );
  expect(created.status).toBe(201);
  const { tournamentId } = created.body;
  for (const player of players)
    expect(
      (await player.http.json('POST', `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`, {})).status,
    ).toBe(201);
  return tournamentId;
}

async function drawnTournament<T>(
  manager: HttpClient,
  companyId: string,
  body: Record<string, unknown>,
  players: ReadonlyArray<{ http: HttpClient }>,
): Promise<{ tournamentId: string; drawn: T }> {
  const tournamentId = await enteredTournament(manager, companyId, body, players);
  const drawn = await manager.json<T>('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`, {
    seeding: 'ENTRY',
  });
  expect(drawn.status).toBe(201);
  return { tournamentId, drawn: drawn.body };
}

/**
 * A singles knockout the manager creates for their company, entered by each of `players` (8 places at most unless
 * more play) in that order, and drawn in entry order: the draw's answer.
 */
export const drawnKnockout = <T>(
  manager: HttpClient,
  companyId: string,
  name: string,
  players: ReadonlyArray<{ http: HttpClient }>,
) =>
  drawnTournament<T>(
    manager,
    companyId,
    { name, format: 'KNOCKOUT', sportsCategory: 'TENNISSINGLE', maxEntrants: Math.max(8, players.length) },
    players,
  );

/**
 * A padel Americano on `courts` courts the manager creates for their company, entered by each of `players` (as many
 * places) and drawn in entry order: the draw's answer.
 */
export const drawnClubNight = <T>(
  manager: HttpClient,
  companyId: string,
  name: string,
  players: ReadonlyArray<{ http: HttpClient }>,
  courts = 1,
) =>
  drawnTournament<T>(
    manager,
    companyId,
    {
      name,
      format: 'AMERICANO',
      sportsCategory: 'PADEL',
      startsAt: '2026-12-04T19:30',
      maxEntrants: players.length,
      courts,
    },
    players,
  );
