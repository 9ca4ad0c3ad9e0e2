import { describe, expect, it } from 'vitest';
import { digitsOnly, parseNumberInput as parseScore } from '../../lib/number-input';
import { teamDisplayName } from '../../lib/team-name';
import {
  appendPage,
  applyLiveMatch,
  buildMatchesQuery,
  containerDistance,
  dateForResult,
  filterTeams,
  isAllowedScoreKey,
  isCancelConfirmation,
  isNearBottom,
  normaliseDateTimeInput,
  scorePayload,
  setInputCount,
  shortName,
  statusesOf,
  teamLink,
  withViewerFlags,
  liveNow,
  withLiveSuperTiebreak,
  withLiveUpdate,
} from './model';
import { matchSchema, type Match, type MatchListItem, type MatchSet } from './api/matches';
import { mayScoreLive } from '../../lib/match-sides';

const set = (order: number, score: number | null, extra: Partial<MatchSet> = {}): MatchSet => ({
  order,
  score,
  winner: false,
  superTiebreak: false,
  ...extra,
});

function aMatch(overrides: Partial<Match> = {}): Match {
  return matchSchema.parse({
    id: 'm1',
    date: null,
    status: 'planned',
    sportsCategory: 'TENNISSINGLE',
    matchType: 'BESTOFTHREE',
    latestDate: '2026-12-31',
    editable: false,
    defender: {
      teamId: 't1',
      url: '/webapps/matches/en/?event=l1&player=t1',
      position: 1,
      members: [{ id: 'p1', name: 'Ann Smith', position: 1, itsMe: false }],
      matchSets: [],
      winner: false,
      special: 'none',
    },
    challenger: {
      teamId: 't2',
      url: '/webapps/matches/en/?event=l1&player=t2',
      position: 2,
      members: [{ id: 'p2', name: 'Bob Jones', position: 2, itsMe: false }],
      matchSets: [],
      winner: false,
      special: 'none',
    },
    ...overrides,
  });
}
const item = (match: Match): MatchListItem => ({ match, event: { name: { id: 'l1', name: 'Ladder' } } });

describe('the matches query', () => {
  it('sends COMPLETED by default, and not when only not-completed is asked for', () => {
    expect(buildMatchesQuery(0)).toEqual({ PAGE: '0', COMPLETED: 'TRUE' });
    expect(buildMatchesQuery(2, { notCompleted: true })).toEqual({ PAGE: '2', NOTCOMPLETED: 'TRUE' });
    expect(
      buildMatchesQuery(1, { notCompleted: true, completed: true, own: true, tags: ['a', ' b ', ''] }),
    ).toEqual({ PAGE: '1', TAGS: 'a,b', OWN: 'TRUE', NOTCOMPLETED: 'TRUE', COMPLETED: 'TRUE' });
    expect(statusesOf({ notCompleted: true })).toEqual(['planned']);
    expect(statusesOf({})).toEqual(['completed', 'retired', 'walkover', 'cancelled']);
  });

  it('loads the next page within 5 px of the bottom', () => {
    expect(isNearBottom(5)).toBe(true);
    expect(isNearBottom(6)).toBe(false);
    expect(isNearBottom(-20)).toBe(true);
    expect(containerDistance({ scrollTop: 600, clientHeight: 400, scrollHeight: 1003 })).toBe(3);
  });

  it('appends pages without showing a match twice', () => {
    const a = item(aMatch({ id: 'a' }));
    const b = item(aMatch({ id: 'b' }));
    expect(appendPage([a], [a, b]).map((i) => i.match.id)).toEqual(['a', 'b']);
  });
});

describe('live updates', () => {
  it('keeps the viewer’s editable and itsMe flags on a pushed match', () => {
    const known = aMatch({ editable: true });
    known.defender.members[0]!.itsMe = true;
    const pushed = aMatch({ status: 'completed' });
    const merged = withViewerFlags(pushed, known);
    expect(merged.editable).toBe(true);
    expect(merged.status).toBe('completed');
    expect(merged.defender.members[0]!.itsMe).toBe(true);
    expect(withViewerFlags(aMatch({ status: 'cancelled' }), known).editable).toBe(false);
  });

  it('keeps the reason of a dispute the viewer loaded while the pushed match is still disputed', () => {
    const known = aMatch({ confirmation: { state: 'disputed', reason: 'We won the tiebreak' } });
    const disputed = aMatch({ confirmation: { state: 'disputed' } });
    expect(withViewerFlags(disputed, known).confirmation).toEqual({
      state: 'disputed',
      reason: 'We won the tiebreak',
    });
    const settled = aMatch({ confirmation: { state: 'confirmed' } });
    expect(withViewerFlags(settled, known).confirmation).toEqual({ state: 'confirmed' });
  });

  it('replaces, drops, and inserts where the list order says', () => {
    const planned = [
      item(aMatch({ id: 'a', date: '2026-06-01T10:00' })),
      item(aMatch({ id: 'b', date: '2026-06-09T10:00' })),
      item(aMatch({ id: 'c', date: null })),
    ];
    const ids = (items: MatchListItem[]) => items.map((i) => i.match.id);
    const filter = { notCompleted: true };
    expect(ids(applyLiveMatch(planned, aMatch({ id: 'n', date: '2026-06-05T10:00' }), filter, true))).toEqual(
      ['a', 'n', 'b', 'c'],
    );
    expect(ids(applyLiveMatch(planned, aMatch({ id: 'n' }), filter, true))).toEqual(['a', 'b', 'c', 'n']);
    expect(ids(applyLiveMatch(planned, aMatch({ id: 'n' }), filter, false))).toEqual(['a', 'b', 'c']);
    expect(ids(applyLiveMatch(planned, aMatch({ id: 'b', status: 'completed' }), filter, true))).toEqual([
      'a',
      'c',
    ]);
    const done = applyLiveMatch(planned, aMatch({ id: 'z', status: 'completed' }), {}, true);
    expect(ids(done)).toEqual(['z', 'a', 'b', 'c']);
    expect(done[0]!.event?.name.name).toBe('Ladder');
    const replaced = applyLiveMatch(planned, aMatch({ id: 'b', date: '2026-06-10T18:00' }), filter, true);
    expect(replaced[1]!.match.date).toBe('2026-06-10T18:00');
  });
});

describe('a match scored live (DESIGN.md §7)', () => {
  const live = {
    seq: 3,
    game: { defender: '40', challenger: '0' },
    server: 'defender' as const,
    finished: false,
  };
  const NOW = Date.parse('2026-03-10T12:00:00Z');
  const HOUR = 60 * 60 * 1000;

  it('is no longer live after a day without a point (or since its start), whatever the wall clock says', () => {
    const changed = (ago: number) => ({ ...live, updatedAt: new Date(NOW - ago).toISOString() });
    expect(liveNow(aMatch({ live: changed(23 * HOUR) }), NOW)).toEqual(changed(23 * HOUR));
    expect(liveNow(aMatch({ live: changed(24 * HOUR) }), NOW)).toEqual(changed(24 * HOUR));
    expect(liveNow(aMatch({ live: changed(24 * HOUR + 1) }), NOW)).toBeNull();
    expect(liveNow(aMatch({ live: { ...changed(20 * 24 * HOUR), seq: 0 } }), NOW)).toBeNull();
    // Its own clock only: the same match a day earlier was live.
    expect(liveNow(aMatch({ live: changed(25 * HOUR) }), NOW - 2 * HOUR)).not.toBeNull();
    // A pushed state has just changed.
    expect(liveNow(aMatch({ live }), NOW + 30 * 24 * HOUR)).toEqual(live);
  });

  it('is live while planned and not finished; its players and managers may score it until then', () => {
    expect(liveNow(aMatch({ live }), NOW)).toEqual(live);
    expect(liveNow(aMatch(), NOW)).toBeNull();
    expect(liveNow(aMatch({ live: { ...live, finished: true } }), NOW)).toBeNull();
    expect(liveNow(aMatch({ live, status: 'completed' }), NOW)).toBeNull();
    expect(mayScoreLive(aMatch({ editable: true }))).toBe(true);
    expect(mayScoreLive(aMatch({ editable: true, live }))).toBe(true);
    expect(mayScoreLive(aMatch({ editable: false }))).toBe(false);
    expect(mayScoreLive(aMatch({ editable: true, status: 'cancelled' }))).toBe(false);
    expect(mayScoreLive(aMatch({ editable: true, status: 'completed' }))).toBe(false);
    expect(mayScoreLive(aMatch({ editable: true, live: { ...live, finished: true } }))).toBe(false);
  });

  it('takes a live.updated push of its own state, and ignores another match’s or an unreadable one', () => {
    const state = { ...live, seq: 4, game: { defender: '0', challenger: '0' }, sets: [], stats: {} };
    expect(withLiveUpdate(aMatch(), { matchId: 'm1', state })?.live).toEqual({
      ...live,
      seq: 4,
      game: state.game,
    });
    expect(withLiveUpdate(aMatch(), { matchId: 'm2', state })).toBeNull();
    expect(withLiveUpdate(aMatch(), { matchId: 'm1', state: { seq: 'x' } })).toBeNull();
  });

  it('shows a super tiebreak in brackets from its first point, not as games until it reaches 10', () => {
    // 6-3 4-6, and 4-3 in the third set's place, scored live.
    const team = (scores: number[]) =>
      scores.map((score, index) => ({ order: index + 1, score, winner: false, superTiebreak: false }));
    const match = aMatch({
      defender: { ...aMatch().defender, matchSets: team([6, 4, 4]) },
      challenger: { ...aMatch().challenger, matchSets: team([3, 6, 3]) },
    });
    const state = (superTiebreak: boolean, finished = false) => ({
      ...live,
      finished,
      sets: [{}, {}, superTiebreak ? { superTiebreak: true } : {}],
      stats: {},
    });
    const inSuper = withLiveUpdate(match, { matchId: 'm1', state: state(true) })!;
    expect(inSuper.live?.superTiebreak).toBe(true);
    const shown = withLiveSuperTiebreak(inSuper);
    expect(shown.defender.matchSets.map((set) => set.superTiebreak)).toEqual([false, false, true]);
    expect(shown.challenger.matchSets.map((set) => set.superTiebreak)).toEqual([false, false, true]);
    // A third set played as a set, and a finished match, stay as the recalculation says.
    const inSet = withLiveUpdate(match, { matchId: 'm1', state: state(false) })!;
    expect(inSet.live?.superTiebreak).toBeUndefined();
    expect(withLiveSuperTiebreak(inSet)).toBe(inSet);
    const ended = withLiveUpdate(match, { matchId: 'm1', state: state(true, true) })!;
    expect(withLiveSuperTiebreak(ended)).toBe(ended);
  });
});

describe('score input', () => {
  it('keeps digits only; empty is null', () => {
    expect(digitsOnly('1a2-3 ')).toBe('123');
    expect(parseScore('')).toBeNull();
    expect(parseScore('x')).toBeNull();
    expect(parseScore('07')).toBe(7);
    expect(isAllowedScoreKey('7')).toBe(true);
    expect(isAllowedScoreKey('e')).toBe(false);
    expect(isAllowedScoreKey('-')).toBe(false);
    expect(isAllowedScoreKey('Backspace')).toBe(true);
    expect(isAllowedScoreKey('v', true)).toBe(true);
  });

  it('shows enough inputs for the match type, at most 5', () => {
    expect(setInputCount(aMatch())).toBe(3);
    const three = aMatch();
    three.defender.matchSets = [set(1, 6), set(2, 6), set(3, 10)];
    expect(setInputCount(three)).toBe(3);
    expect(setInputCount(aMatch({ matchType: 'BESTOFFIVE' }))).toBe(5);
    const gamesOnly = aMatch({ matchType: 'GAMESONLY' });
    expect(setInputCount(gamesOnly)).toBe(2);
    gamesOnly.defender.matchSets = [set(1, 6), set(2, 6), set(3, 4), set(4, 1), set(5, 2)];
    expect(setInputCount(gamesOnly)).toBe(5);
  });

  it('sends sets without trailing empty ones and without flags', () => {
    const match = aMatch();
    match.defender.matchSets = [set(1, 6, { winner: true }), set(2, 7, { tiebreakScore: 7 }), set(3, null)];
    match.challenger.matchSets = [set(1, 4), set(2, 6, { tiebreakScore: 5 }), set(3, null)];
    match.challenger.special = 'retired';
    expect(scorePayload(match)).toEqual({
      defender: {
        special: 'none',
        matchSets: [
          { order: 1, score: 6 },
          { order: 2, score: 7, tiebreakScore: 7 },
        ],
      },
      challenger: {
        special: 'retired',
        matchSets: [
          { order: 1, score: 4 },
          { order: 2, score: 6, tiebreakScore: 5 },
        ],
      },
    });
  });
});

describe('the match date', () => {
  it('reads the datetime-local value', () => {
    expect(normaliseDateTimeInput('')).toBeNull();
    expect(normaliseDateTimeInput('2026-06-14T19:30:00')).toBe('2026-06-14T19:30');
  });

  it('given a result entered before the match’s date, then the date is the server’s now; a past date, none, or no result keep theirs', () => {
    const now = new Date(2026, 10, 30, 9, 15, 42).getTime();
    expect(dateForResult('2026-12-04T18:00', 'completed', now)).toBe('2026-11-30T09:15');
    expect(dateForResult('2026-12-04T18:00', 'walkover', now)).toBe('2026-11-30T09:15');
    expect(dateForResult('2026-11-30T09:16', 'retired', now)).toBe('2026-11-30T09:15');
    expect(dateForResult('2026-11-30T09:15', 'completed', now)).toBe('2026-11-30T09:15');
    expect(dateForResult('2026-11-28T18:00', 'completed', now)).toBe('2026-11-28T18:00');
    expect(dateForResult(null, 'completed', now)).toBeNull();
    expect(dateForResult('2026-12-04T18:00', 'planned', now)).toBe('2026-12-04T18:00');
  });

  it('writes the server’s now in local time, as a match date is written', () => {
    const at = (...parts: [number, number, number, number, number, number?]) => new Date(...parts).getTime();
    expect(dateForResult('2099-01-01T00:00', 'completed', at(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05T07:03');
    expect(dateForResult('2099-01-01T00:00', 'completed', at(2026, 6, 31, 23, 59))).toBe('2026-07-31T23:59');
  });
});

describe('the cancel dialog', () => {
  it('confirms only on "Cancel", in any case', () => {
    expect(isCancelConfirmation('Cancel')).toBe(true);
    expect(isCancelConfirmation('cAnCeL')).toBe(true);
    expect(isCancelConfirmation('Cancel ')).toBe(true);
    expect(isCancelConfirmation('Cancelled')).toBe(false);
    expect(isCancelConfirmation('')).toBe(false);
    expect(isCancelConfirmation('delete')).toBe(false);
  });
});

describe('names', () => {
  const teams = [
    { teamId: 'a', position: 1, members: [{ fullName: 'Ann Smith' }, { fullName: 'Bob Jones' }] },
    { teamId: 'b', position: 2, members: [{ fullName: 'Cas Lee' }] },
  ];
  it('displays a team as #position and the members’ full names', () => {
    expect(teamDisplayName(teams[0]!)).toBe('#1 Ann Smith, Bob Jones');
    expect(teamDisplayName({ position: null, members: [{ fullName: 'X' }] })).toBe('X');
  });

  it('filters the pickers case-insensitively and leaves out the other picker’s team', () => {
    expect(filterTeams(teams, 'BOB').map((t) => t.teamId)).toEqual(['a']);
    expect(filterTeams(teams, '#2').map((t) => t.teamId)).toEqual(['b']);
    expect(filterTeams(teams, '', 'a').map((t) => t.teamId)).toEqual(['b']);
  });

  it('shortens names and maps team links to the locale', () => {
    expect(shortName('Anna de Vries')).toBe('Anna V.');
    expect(shortName('Prince')).toBe('Prince');
    expect(teamLink('/webapps/matches/en/?event=l1&player=t1', 'nl')).toBe('/matches/nl/?event=l1&player=t1');
    expect(teamLink('https://elsewhere.test/x', 'nl')).toBe('https://elsewhere.test/x');
  });
});
