import { refuse, reject, type Decider, type Rejection } from '../decider.ts';
import { teamSizeOf } from '../ladders/values.ts';
import { makeBracket, matchIdsNeeded, type Bracket } from './bracket.ts';
import { americanoGamesNeeded, americanoRounds, courtsInUse, mexicanoRound } from './club-night.ts';
import type { TournamentDomainEvent, TournamentNewEvent } from './events.ts';
import type { MatchNewEvent } from '../matches/events.ts';
import {
  closedInvitation,
  closePending,
  invitationClosed,
  invited,
  isOpen,
  lapsed,
  noInvitation,
  openInvitations,
  pendingEntry,
  type TournamentInvitation,
} from './invitations.ts';
import { matchesToMake } from './knockout.ts';
import { leaderboard, nameOrder, scoreGame, type Tallies } from './leaderboard.ts';
import {
  LIMITS,
  minimumSides,
  type ClubRound,
  type GameScore,
  type Seeding,
  type TournamentSettings,
} from './model.ts';

export interface Entry {
  entryId: string;
  memberIds: string[];
}

export interface TournamentState {
  tournament?: TournamentSettings & {
    tournamentId: string;
    companyId: string;
    status: 'entry' | 'running' | 'finished';
  };
  /** In entry order (late arrivals last). */
  entries: Entry[];
  /** The loader's: each player's rating in the tournament's sport (DESIGN.md §11); absent when unrated. */
  ratings: Readonly<Record<string, number>>;
  /** The loader's: the knockout matches whose result counts, and their winning entry. */
  winners: Readonly<Record<string, string>>;
  /** The loader's: the knockout's draw matches made (and not cancelled), which a new draw cancels. */
  made: readonly string[];
  /** The draw's entries in seed order. */
  order: string[];
  bracket?: Bracket;
  /** A club night's rounds, by number; Americano: how many it plays. */
  rounds: ClubRound[];
  plannedRounds: number;
  scores: Record<string, GameScore>;
  tallies: Tallies;
  /** DESIGN.md §16 with §9: partner requests and managers' invitations by id; absent: none. */
  invitations?: Record<string, TournamentInvitation>;
}

/** Who asks: a manager (the route's gate let them through) or a signed-in player. */
export type TournamentActor = { role: 'manager' } | { role: 'player'; accountId: string };

export type TournamentCommand =
  | {
      type: 'CreateTournament';
      tournamentId: string;
      companyId: string;
      /** The name's row beside the log and its SHA-256. */
      name: { id: string; sha256: string };
      settings: Omit<TournamentSettings, 'plate' | 'courts' | 'pointsPerGame'> &
        Partial<Pick<TournamentSettings, 'plate' | 'courts' | 'pointsPerGame'>>;
    }
  /** After a club night's draw a manager's entry is a late arrival: `gameIds` for the rounds made again. */
  | { type: 'Enter'; by: TournamentActor; entryId: string; memberIds: string[]; gameIds?: string[] }
  /**
   * A member or a manager withdraws an entry; before a partner answers, the registrant (or a manager) withdraws the
   * request and the addressee (`isAddressee`: the api checked the address) declines it.
   */
  | { type: 'Withdraw'; by: TournamentActor; entryId: string; isAddressee?: boolean }
  /** DESIGN.md §16 with §9 "Partners agree first": a player enters a doubles knockout with a partner named by email. */
  | {
      type: 'RequestPartner';
      accountId: string;
      entryId: string;
      invitationId: string;
      isRegistrant: boolean;
    }
  /** A manager invites an address (DESIGN.md §9 "Inviting players"): accepting enters that person alone. */
  | { type: 'Invite'; entryId: string; invitationId: string }
  /** The invited address's account (the api checks the address) takes the invitation up; `gameIds` for a late arrival. */
  | { type: 'AcceptInvitation'; invitationId: string; accountId: string; gameIds?: string[] }
  /** The addressee says no (signed in, or by the link alone: it proves the address). */
  | { type: 'DeclineInvitation'; invitationId: string }
  /** The deadline process: invitations unanswered past their `lapsesAt`. */
  | { type: 'LapseInvitations' }
  | { type: 'Draw'; seeding: Seeding; order?: string[]; matchIds: string[]; gameIds: string[] }
  /** `byName`: the players' ids sorted by name, the leaderboard's last tie-break. */
  | { type: 'NextRound'; gameIds: string[]; byName: string[] }
  | { type: 'ScoreGame'; by: TournamentActor; gameId: string; pointsA: number; pointsB: number }
  | { type: 'Finish' }
  | { type: 'Delete' };

/** A knockout's draw and its matches' events (DESIGN.md §16: every draw match is a match of §4–§7). */
type Emitted = TournamentNewEvent | MatchNewEvent;
type Result = Emitted[] | Rejection;
type Running = NonNullable<TournamentState['tournament']>;

export const FULL = 'The tournament is full';
export const ENTERED = 'Already entered';
export const CLOSED = 'The tournament does not take this now';
export const TOO_FEW = 'Too few entries for a draw';
export const HAS_RESULTS = 'A result exists: the draw stays as it is';
export const ROUND_OPEN = 'A game of the last round has no result yet';
export const ROUND_CLOSED = 'The next round is made: this result stays';
export const NOT_DRAWN = 'Draw the tournament first';
const NOT_YOURS = 'Only its players and the club’s managers can do this';

const isClubNight = (tournament: Running) => tournament.format !== 'KNOCKOUT';

function checkSettings(settings: TournamentCommand & { type: 'CreateTournament' }): Rejection | undefined {
  const { maxEntrants, courts = 1, pointsPerGame = LIMITS.defaultPoints, rounds } = settings.settings;
  const whole = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (!whole(maxEntrants, LIMITS.minEntrants, LIMITS.maxEntrants))
    return reject('invalid', `Enter ${LIMITS.minEntrants} to ${LIMITS.maxEntrants}`, 'maxEntrants');
  if (!whole(courts, LIMITS.minCourts, LIMITS.maxCourts))
    return reject('invalid', `Enter ${LIMITS.minCourts} to ${LIMITS.maxCourts}`, 'courts');
  if (!whole(pointsPerGame, LIMITS.minPoints, LIMITS.maxPoints) || pointsPerGame % 2 !== 0)
    return reject(
      'invalid',
      `Enter an even number from ${LIMITS.minPoints} to ${LIMITS.maxPoints}`,
      'pointsPerGame',
    );
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1))
    return reject('invalid', 'Enter 1 or more', 'rounds');
  return undefined;
}

function create(state: TournamentState, command: TournamentCommand & { type: 'CreateTournament' }): Result {
  if (state.tournament) return reject('conflict', 'This tournament exists already');
  const problem = checkSettings(command);
  if (problem) return problem;
  const { settings } = command;
  return [
    {
      type: 'TournamentCreated',
      streamId: command.tournamentId,
      payload: {
        tournamentId: command.tournamentId,
        companyId: command.companyId,
        nameId: command.name.id,
        nameSha256: command.name.sha256,
        format: settings.format,
        sportsCategory: settings.sportsCategory,
        startsAt: settings.startsAt,
        entries: settings.entries,
        maxEntrants: settings.maxEntrants,
        plate: settings.format === 'KNOCKOUT' && settings.plate === true,
        courts: settings.courts ?? 1,
        ...(settings.format === 'AMERICANO' && settings.rounds !== undefined
          ? { rounds: settings.rounds }
          : {}),
        pointsPerGame: settings.pointsPerGame ?? LIMITS.defaultPoints,
      },
    },
  ];
}

const playersOf = (state: TournamentState) => state.entries.flatMap((entry) => entry.memberIds);

/** The players entered, and those waiting for their partner's answer (one entry a player, DESIGN.md §16). */
const takenPlayers = (state: TournamentState, now: Date) =>
  new Set([
    ...playersOf(state),
    ...openInvitations(state.invitations ?? {}, now).flatMap((invitation) =>
      // Stryker disable next-line ConditionalExpression: equivalent, an undefined in the set is never an account's id
      invitation.registrantId ? [invitation.registrantId] : [],
    ),
  ]);

/** The size of a side: one player for a club night, one or two for a knockout by its sport. */
const sideSize = (tournament: Running) =>
  isClubNight(tournament) ? 1 : teamSizeOf(tournament.sportsCategory);

function enter(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'Enter' },
  now: Date,
): Result {
  const { by, memberIds } = command;
  const late = by.role === 'manager' && tournament.status === 'running' && isClubNight(tournament);
  if (tournament.status !== 'entry' && !late) return refuse('CLOSED', CLOSED);
  if (by.role === 'player' && tournament.entries === 'MANAGER') return refuse('CLOSED', CLOSED);
  if (by.role === 'player' && !memberIds.includes(by.accountId)) return reject('forbidden', NOT_YOURS);
  const size = sideSize(tournament);
  if (memberIds.length !== size || new Set(memberIds).size !== size)
    return reject(
      'invalid',
      size === 1 ? 'An entry is one player' : 'An entry is two different players',
      'memberIds',
    );
  const taken = takenPlayers(state, now);
  if (memberIds.some((memberId) => taken.has(memberId))) return refuse('ENTERED', ENTERED);
  if (state.entries.length >= tournament.maxEntrants) return refuse('FULL', FULL);
  const ref = { tournamentId: tournament.tournamentId };
  if (!late)
    return [
      {
        type: 'TournamentEntered',
        streamId: ref.tournamentId,
        payload: { ...ref, entryId: command.entryId, memberIds },
      },
    ];
  return lateArrival(state, tournament, command.entryId, memberIds[0]!, command.gameIds ?? []);
}

/**
 * DESIGN.md §16: a late arrival plays from the next round not yet made or started. An Americano's rounds after the
 * last started one are made again around them; a Mexicano's next round is made with them.
 */
function lateArrival(
  state: TournamentState,
  tournament: Running,
  entryId: string,
  playerId: string,
  gameIds: string[],
): Result {
  const ref = { tournamentId: tournament.tournamentId };
  const started = state.rounds.filter((round) => round.games.some((game) => state.scores[game.gameId]));
  const fromRound =
    tournament.format === 'AMERICANO'
      ? Math.max(0, ...started.map((round) => round.round)) + 1
      : state.rounds.length + 1;
  const added: TournamentNewEvent = {
    type: 'TournamentPlayerAdded',
    streamId: ref.tournamentId,
    payload: { ...ref, entryId, playerId, fromRound },
  };
  if (tournament.format !== 'AMERICANO') return [added];
  const players = [
    ...state.order.flatMap((id) => state.entries.find((e) => e.entryId === id)?.memberIds ?? []),
    ...lateOnes(state),
    playerId,
  ];
  if (
    gameIds.length < americanoGamesNeeded(players.length, tournament.courts, fromRound, state.plannedRounds)
  )
    return reject('invalid', 'Not enough ids for the rounds', 'gameIds');
  const remade = americanoRounds({
    players,
    courts: tournament.courts,
    rounds: state.plannedRounds,
    kept: state.rounds.filter((round) => round.round < fromRound),
    gameIds,
  });
  return [added, ...remade.map((round) => roundMade(tournament, round))];
}

/** The players who arrived after the draw, in arrival order. */
const lateOnes = (state: TournamentState) =>
  state.entries.filter((entry) => !state.order.includes(entry.entryId)).flatMap((entry) => entry.memberIds);

const roundMade = (tournament: Running, round: ClubRound): TournamentNewEvent => ({
  type: 'TournamentRoundMade',
  streamId: tournament.tournamentId,
  payload: { tournamentId: tournament.tournamentId, ...round },
});

function withdraw(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'Withdraw' },
  now: Date,
): Result {
  const entry = state.entries.find((e) => e.entryId === command.entryId);
  if (!entry) return withdrawPending(state, tournament, command, now);
  if (command.by.role === 'player' && !entry.memberIds.includes(command.by.accountId))
    return reject('forbidden', NOT_YOURS);
  if (tournament.status !== 'entry') return refuse('CLOSED', CLOSED);
  return [
    {
      type: 'TournamentEntryWithdrawn',
      streamId: tournament.tournamentId,
      payload: { tournamentId: tournament.tournamentId, entryId: entry.entryId },
    },
  ];
}

/** An entry that waits for its partner: the registrant or a manager withdraws it, the addressee declines it. */
function withdrawPending(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'Withdraw' },
  now: Date,
): Result {
  const invitation = pendingEntry(state.invitations ?? {}, command.entryId);
  const { by } = command;
  // Stryker disable next-line ConditionalExpression: equivalent, a manager withdraws whether or not taken for the registrant
  const registrant = by.role === 'player' && invitation?.registrantId === by.accountId;
  if (!invitation || (by.role === 'player' && !registrant && !command.isAddressee))
    return reject('not_found', 'No such entry');
  const outcome = by.role === 'player' && !registrant ? 'declined' : 'withdrawn';
  return closePending(tournament.tournamentId, invitation, outcome, now);
}

/** DESIGN.md §16 with §9 "Partners agree first": the side forms when the partner accepts. */
function requestPartner(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'RequestPartner' },
  now: Date,
): Result {
  if (tournament.status !== 'entry' || tournament.entries === 'MANAGER') return refuse('CLOSED', CLOSED);
  if (sideSize(tournament) !== 2)
    return reject(
      'invalid',
      'An entry of this tournament is one player: leave out the partner',
      'partnerEmail',
    );
  if (command.isRegistrant) return reject('invalid', 'Your partner must be someone else', 'partnerEmail');
  if (takenPlayers(state, now).has(command.accountId)) return refuse('ENTERED', ENTERED);
  if (state.entries.length >= tournament.maxEntrants) return refuse('FULL', FULL);
  const { invitationId, entryId, accountId } = command;
  return [invited(tournament.tournamentId, { invitationId, entryId, registrantId: accountId }, now)];
}

/** DESIGN.md §16 `{email}`: a manager's invitation (§9); accepting enters that person alone. */
function invite(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'Invite' },
  now: Date,
): Result {
  const late = tournament.status === 'running' && isClubNight(tournament);
  if (tournament.status !== 'entry' && !late) return refuse('CLOSED', CLOSED);
  if (sideSize(tournament) === 2)
    return reject('invalid', 'An entry of this tournament is two players: enter them by account', 'email');
  if (state.entries.length >= tournament.maxEntrants) return refuse('FULL', FULL);
  const { invitationId, entryId } = command;
  return [invited(tournament.tournamentId, { invitationId, entryId }, now)];
}

/** The addressee's account takes the invitation up: the partner's side forms, or the invited person enters. */
function acceptInvitation(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'AcceptInvitation' },
  now: Date,
): Result {
  const invitation = state.invitations?.[command.invitationId];
  if (!invitation || invitation.registrantId === command.accountId) return noInvitation();
  if (!isOpen(invitation, now)) return closedInvitation(invitation);
  const accepted = invitationClosed(tournament.tournamentId, invitation.invitationId, 'accepted');
  const { registrantId, entryId } = invitation;
  if (!registrantId) {
    const entered = enter(
      state,
      tournament,
      {
        // Stryker disable next-line StringLiteral: equivalent, enter() reads the command's fields, not its type
        type: 'Enter',
        by: { role: 'manager' },
        entryId,
        memberIds: [command.accountId],
        ...(command.gameIds ? { gameIds: command.gameIds } : {}),
      },
      now,
    );
    return Array.isArray(entered) ? [accepted, ...entered] : entered;
  }
  if (tournament.status !== 'entry') return refuse('CLOSED', CLOSED);
  const entered = playersOf(state);
  if (takenPlayers(state, now).has(command.accountId) || entered.includes(registrantId))
    return refuse('ENTERED', ENTERED);
  if (state.entries.length >= tournament.maxEntrants) return refuse('FULL', FULL);
  return [
    accepted,
    {
      type: 'TournamentEntered',
      streamId: tournament.tournamentId,
      payload: {
        tournamentId: tournament.tournamentId,
        entryId,
        memberIds: [registrantId, command.accountId],
      },
    },
  ];
}

/** The addressee's no, by the link alone (it proves the address): recorded by the system. */
function declineInvitation(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'DeclineInvitation' },
  now: Date,
): Result {
  const invitation = state.invitations?.[command.invitationId];
  if (!invitation) return noInvitation();
  return closePending(tournament.tournamentId, invitation, 'declined', now);
}

/** A side's rating: its members' mean when every member has one, else none (unrated sides come after rated ones). */
function sideRating(state: TournamentState, entry: Entry): number | undefined {
  const ratings = entry.memberIds.map((memberId) => state.ratings[memberId]);
  return ratings.every((rating) => rating !== undefined)
    ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length
    : undefined;
}

/** The entries in seed order: by rating (highest first, unrated after rated, then entry order), entry order, or the manager's. */
function seeded(state: TournamentState, command: TournamentCommand & { type: 'Draw' }): Entry[] | Rejection {
  if (command.seeding === 'MANUAL') {
    const order = command.order ?? [];
    const ids = state.entries.map((entry) => entry.entryId);
    if (
      order.length !== ids.length ||
      new Set(order).size !== ids.length ||
      !order.every((id) => ids.includes(id))
    )
      return reject('invalid', 'Give every entry once, in seed order', 'order');
    return order.map((id) => state.entries.find((entry) => entry.entryId === id)!);
  }
  if (command.seeding === 'ENTRY') return [...state.entries];
  const rated = state.entries.map((entry, index) => ({ entry, index, rating: sideRating(state, entry) }));
  return rated
    .sort((a, b) => (b.rating ?? -Infinity) - (a.rating ?? -Infinity) || a.index - b.index)
    .map(({ entry }) => entry);
}

const hasResults = (state: TournamentState) =>
  Object.keys(state.scores).length > 0 || Object.keys(state.winners).length > 0;

function draw(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'Draw' },
): Result {
  if (tournament.status === 'finished') return refuse('CLOSED', CLOSED);
  if (hasResults(state)) return refuse('HAS_RESULTS', HAS_RESULTS);
  if (state.entries.length < minimumSides(tournament.format)) return refuse('TOO_FEW', TOO_FEW);
  const entries = seeded(state, command);
  if (!Array.isArray(entries)) return entries;
  const ref = { tournamentId: tournament.tournamentId };
  const order = entries.map((entry) => entry.entryId);
  const drawn = { type: 'TournamentDrawn', streamId: ref.tournamentId } as const;
  if (tournament.format === 'KNOCKOUT') {
    if (command.matchIds.length < matchIdsNeeded(order.length, tournament.plate))
      return reject('invalid', 'Not enough ids for the draw', 'matchIds');
    const bracket = makeBracket(order, command.matchIds, tournament.plate);
    const tournamentId = ref.tournamentId;
    // A new draw (no result exists) cancels the matches of the one before.
    const cancelled = state.made.map((matchId): MatchNewEvent => ({
      type: 'MatchCancelled',
      streamId: matchId,
      payload: { matchId, seasonId: tournamentId, ladderId: tournamentId, tournamentId },
    }));
    return [
      ...cancelled,
      { ...drawn, payload: { ...ref, seeding: command.seeding, order, bracket } },
      // Stryker disable next-line ArrayDeclaration: equivalent, the new bracket's ids are fresh: none is made yet
      ...matchesToMake({ tournamentId, bracket, winners: {}, made: [] }),
    ];
  }
  const players = entries.flatMap((entry) => entry.memberIds);
  const plannedRounds = tournament.format === 'AMERICANO' ? (tournament.rounds ?? players.length - 1) : 1;
  if (command.gameIds.length < americanoGamesNeeded(players.length, tournament.courts, 1, plannedRounds))
    return reject('invalid', 'Not enough ids for the rounds', 'gameIds');
  const rounds =
    tournament.format === 'AMERICANO'
      ? americanoRounds({
          players,
          courts: tournament.courts,
          rounds: plannedRounds,
          kept: [],
          gameIds: command.gameIds,
        })
      : [
          mexicanoRound({
            ranked: players,
            round: 1,
            courts: tournament.courts,
            played: [],
            gameIds: command.gameIds,
          }),
        ];
  return [
    { ...drawn, payload: { ...ref, seeding: command.seeding, order } },
    ...rounds.map((round) => roundMade(tournament, round)),
  ];
}

const isComplete = (state: TournamentState, round: ClubRound) =>
  round.games.every((game) => state.scores[game.gameId] !== undefined);

function nextRound(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'NextRound' },
): Result {
  if (tournament.format !== 'MEXICANO')
    return reject('invalid', 'Only a Mexicano makes its rounds one by one');
  if (tournament.status !== 'running') return refuse('CLOSED', CLOSED);
  const last = state.rounds[state.rounds.length - 1]!;
  if (!isComplete(state, last)) return refuse('ROUND_OPEN', ROUND_OPEN);
  const players = playersOf(state);
  if (command.gameIds.length < courtsInUse(players.length, tournament.courts))
    return reject('invalid', 'Not enough ids for the round', 'gameIds');
  const ranked = leaderboard(players, state.tallies, nameOrder(command.byName)).map((row) => row.playerId);
  const round = mexicanoRound({
    ranked,
    round: last.round + 1,
    courts: tournament.courts,
    played: state.rounds,
    gameIds: command.gameIds,
  });
  return [roundMade(tournament, round)];
}

function score(
  state: TournamentState,
  tournament: Running,
  command: TournamentCommand & { type: 'ScoreGame' },
): Result {
  const round = state.rounds.find((r) => r.games.some((game) => game.gameId === command.gameId));
  const game = round?.games.find((g) => g.gameId === command.gameId);
  if (!round || !game) return reject('not_found', 'No such game');
  const { by, pointsA, pointsB } = command;
  if (by.role === 'player' && ![...game.sideA, ...game.sideB].includes(by.accountId))
    return reject('forbidden', NOT_YOURS);
  if (tournament.status !== 'running') return refuse('CLOSED', CLOSED);
  const points = (value: number) => Number.isInteger(value) && value >= 0;
  if (!points(pointsA) || !points(pointsB) || pointsA + pointsB !== tournament.pointsPerGame)
    return reject('invalid', `The points add up to ${tournament.pointsPerGame}`, 'pointsA');
  if (tournament.format === 'MEXICANO' && round.round < state.rounds.length)
    return refuse('ROUND_CLOSED', ROUND_CLOSED);
  return [
    {
      type: 'TournamentGameScored',
      streamId: tournament.tournamentId,
      payload: {
        tournamentId: tournament.tournamentId,
        gameId: game.gameId,
        round: round.round,
        pointsA,
        pointsB,
      },
    },
  ];
}

function finish(tournament: Running): Result {
  if (tournament.status === 'entry') return refuse('NOT_DRAWN', NOT_DRAWN);
  if (tournament.status === 'finished') return refuse('CLOSED', CLOSED);
  return [
    {
      type: 'TournamentFinished',
      streamId: tournament.tournamentId,
      payload: { tournamentId: tournament.tournamentId },
    },
  ];
}

function remove(tournament: Running): Result {
  if (tournament.status !== 'entry') return refuse('CLOSED', CLOSED);
  return [
    {
      type: 'TournamentDeleted',
      streamId: tournament.tournamentId,
      payload: { tournamentId: tournament.tournamentId },
    },
  ];
}

const initialState = (): TournamentState => ({
  entries: [],
  ratings: {},
  winners: {},
  made: [],
  order: [],
  rounds: [],
  plannedRounds: 0,
  scores: {},
  tallies: {},
});

/** DESIGN.md §16: a tournament's entries, draw, club-night rounds and results. */
export const tournamentDecider: Decider<TournamentCommand, TournamentState, TournamentDomainEvent, Emitted> =
  {
    initialState,

    decide(command, state, now) {
      if (command.type === 'CreateTournament') return create(state, command);
      const { tournament } = state;
      if (!tournament) return reject('not_found', 'No such tournament');
      switch (command.type) {
        case 'Enter':
          return enter(state, tournament, command, now);
        case 'Withdraw':
          return withdraw(state, tournament, command, now);
        case 'RequestPartner':
          return requestPartner(state, tournament, command, now);
        case 'Invite':
          return invite(state, tournament, command, now);
        case 'AcceptInvitation':
          return acceptInvitation(state, tournament, command, now);
        case 'DeclineInvitation':
          return declineInvitation(state, tournament, command, now);
        case 'LapseInvitations':
          return lapsed(tournament.tournamentId, state.invitations ?? {}, now);
        case 'Draw':
          return draw(state, tournament, command);
        case 'NextRound':
          return nextRound(state, tournament, command);
        case 'ScoreGame':
          return score(state, tournament, command);
        case 'Finish':
          return finish(tournament);
        case 'Delete':
          return remove(tournament);
        // Stryker disable next-line all: unreachable, the type checker proves every command handled
        default: {
          const unknown: never = command;
          throw new Error(`unknown command ${(unknown as { type: string }).type}`);
        }
      }
    },

    evolve(state, event) {
      switch (event.type) {
        case 'TournamentCreated': {
          const { nameId: _nameId, nameSha256: _sha, ...settings } = event.payload;
          return { ...state, tournament: { ...settings, status: 'entry' } };
        }
        case 'TournamentEntered': {
          const { entryId, memberIds } = event.payload;
          return { ...state, entries: [...state.entries, { entryId, memberIds }] };
        }
        case 'TournamentEntryWithdrawn':
          return {
            ...state,
            entries: state.entries.filter((entry) => entry.entryId !== event.payload.entryId),
          };
        case 'TournamentDrawn': {
          const tournament = state.tournament!;
          const { order, bracket } = event.payload;
          const plannedRounds =
            tournament.format === 'AMERICANO' ? (tournament.rounds ?? order.length - 1) : 0;
          return {
            ...state,
            tournament: { ...tournament, status: 'running' },
            order,
            ...(bracket ? { bracket } : {}),
            rounds: [],
            plannedRounds,
            scores: {},
            tallies: {},
          };
        }
        case 'TournamentRoundMade': {
          const { tournamentId: _id, ...round } = event.payload;
          const rounds = [...state.rounds.filter((r) => r.round !== round.round), round];
          return { ...state, rounds: rounds.sort((a, b) => a.round - b.round) };
        }
        case 'TournamentGameScored': {
          const { gameId, pointsA, pointsB } = event.payload;
          const game = state.rounds.flatMap((round) => round.games).find((g) => g.gameId === gameId)!;
          const next = { pointsA, pointsB };
          return {
            ...state,
            tallies: scoreGame(state.tallies, game, state.scores[gameId], next),
            scores: { ...state.scores, [gameId]: next },
          };
        }
        case 'TournamentPlayerAdded': {
          const { entryId, playerId } = event.payload;
          return { ...state, entries: [...state.entries, { entryId, memberIds: [playerId] }] };
        }
        case 'TournamentInvited': {
          const { tournamentId: _id, ...invitation } = event.payload;
          if (state.invitations?.[invitation.invitationId]) return state;
          return {
            ...state,
            invitations: {
              ...state.invitations,
              [invitation.invitationId]: { ...invitation, state: 'open' },
            },
          };
        }
        case 'TournamentInvitationClosed': {
          const { invitationId, outcome } = event.payload;
          const invitation = state.invitations?.[invitationId];
          if (invitation?.state !== 'open') return state;
          return {
            ...state,
            invitations: { ...state.invitations, [invitationId]: { ...invitation, state: outcome } },
          };
        }
        case 'TournamentFinished':
          return { ...state, tournament: { ...state.tournament!, status: 'finished' } };
        case 'TournamentDeleted':
          return initialState();
        // Stryker disable next-line all: unreachable, the type checker proves every event handled
        default: {
          const unknown: never = event;
          throw new Error(`unknown event ${(unknown as { type: string }).type}`);
        }
      }
    },
  };
