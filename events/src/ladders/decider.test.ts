import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  laddersDecider,
  type LadderDetails,
  type LadderDomainEvent,
  type LaddersState,
  type SeasonDetails,
} from './decider.ts';
import { defaultLadderRules, type LadderRules } from './rules.ts';

const spec = deciderSpec(laddersDecider);
const LADDER_NAME_TAKEN = 'Laddername is not available';
const SEASON_OVERLAPS = 'Season overlaps with another season';
// "Now" in the specs is 14 March 2026.
const ladder: LadderDetails = {
  ladderId: '11111111-1111-4111-8111-111111111111',
  name: 'Club Ladder',
  email: 'ladder@club.test',
  sportsCategory: 'TENNISSINGLE',
};
const winter: SeasonDetails = {
  seasonId: '22222222-2222-4222-8222-222222222222',
  ladderId: ladder.ladderId,
  name: 'Winter',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  minimumPlayedMatches: 3,
  openForRegistration: true,
  matchType: 'BESTOFTHREE',
};
const summer: SeasonDetails = {
  ...winter,
  seasonId: '33333333-3333-4333-8333-333333333333',
  name: 'Summer',
  startDate: '2026-05-01',
  endDate: '2026-08-31',
};
const created = (details = ladder): LadderDomainEvent => ({ type: 'LadderCreated', payload: details });
const seasonCreated = (details: SeasonDetails): LadderDomainEvent => ({
  type: 'SeasonCreated',
  payload: details,
});

describe('ladders: names are unique per club, ignoring case', () => {
  it('given no ladders, when one is created, then LadderCreated', () => {
    spec([])
      .when({ type: 'CreateLadder', ladder })
      .then([{ type: 'LadderCreated', streamId: ladder.ladderId, payload: ladder }]);
  });

  it('given "Club Ladder", when "club ladder " is created, then the name is not available', () => {
    spec([created()])
      .when({ type: 'CreateLadder', ladder: { ...ladder, ladderId: 'other', name: 'club ladder ' } })
      .thenRejects({ reason: 'conflict', message: LADDER_NAME_TAKEN, field: 'name' });
  });

  it('given a deleted ladder, when its name is used again, then LadderCreated', () => {
    const again = { ...ladder, ladderId: 'other' };
    spec([created(), { type: 'LadderDeleted', payload: { ladderId: ladder.ladderId, name: ladder.name } }])
      .when({ type: 'CreateLadder', ladder: again })
      .then([{ type: 'LadderCreated', streamId: 'other', payload: again }]);
  });

  it('given a ladder, when it is renamed to another ladder’s name, then refused; to its own, then LadderUpdated', () => {
    const other = { ...ladder, ladderId: 'other', name: 'Padel' };
    spec([created(), created(other)])
      .when({ type: 'UpdateLadder', ladder: { ...ladder, name: 'PADEL' } })
      .thenRejects({ reason: 'conflict', message: LADDER_NAME_TAKEN, field: 'name' });
    spec([created()])
      .when({ type: 'UpdateLadder', ladder: { ...ladder, name: 'CLUB LADDER' } })
      .then([
        { type: 'LadderUpdated', streamId: ladder.ladderId, payload: { ...ladder, name: 'CLUB LADDER' } },
      ]);
  });

  it('given no such ladder, when it is updated or deleted, then not found', () => {
    spec([])
      .when({ type: 'UpdateLadder', ladder })
      .thenRejects({ reason: 'not_found', message: 'No such ladder' });
    spec([])
      .when({ type: 'DeleteLadder', ladderId: ladder.ladderId })
      .thenRejects({ reason: 'not_found', message: 'No such ladder' });
  });
});

describe('ladders: an active season locks the sports category and the ladder', () => {
  const padel = { ...ladder, sportsCategory: 'PADEL' as const };

  it('given an active season, when the sports category changes, then refused on that field', () => {
    spec([created(), seasonCreated(winter)])
      .when({ type: 'UpdateLadder', ladder: padel })
      .thenRejects({
        reason: 'conflict',
        message: 'The sports category cannot change while the ladder has an active season',
        field: 'sportsCategory',
      });
  });

  it('given only a season later in the year, when the sports category changes, then LadderUpdated', () => {
    spec([created(), seasonCreated(summer)])
      .when({ type: 'UpdateLadder', ladder: padel })
      .then([{ type: 'LadderUpdated', streamId: ladder.ladderId, payload: padel }]);
  });

  it('given an active season, when the ladder is deleted, then refused; after the season ended, LadderDeleted', () => {
    spec([created(), seasonCreated(winter)])
      .when({ type: 'DeleteLadder', ladderId: ladder.ladderId })
      .thenRejects({ reason: 'conflict', message: 'A ladder with an active season cannot be deleted' });
    spec([created(), seasonCreated(winter)])
      .when({ type: 'DeleteLadder', ladderId: ladder.ladderId }, new Date('2026-04-01T10:00:00'))
      .then([
        {
          type: 'LadderDeleted',
          streamId: ladder.ladderId,
          payload: { ladderId: ladder.ladderId, name: ladder.name },
        },
      ]);
  });
});

describe('seasons never overlap within a ladder', () => {
  it('given Winter (Jan–Mar), when a season starting on its last day is created, then it overlaps', () => {
    spec([created(), seasonCreated(winter)])
      .when({ type: 'CreateSeason', season: { ...summer, startDate: '2026-03-31' } })
      .thenRejects({ reason: 'conflict', message: SEASON_OVERLAPS, field: 'startDate' });
  });

  it('given Winter, when a season starting the day after is created, then SeasonCreated', () => {
    const spring = { ...summer, startDate: '2026-04-01' };
    spec([created(), seasonCreated(winter)])
      .when({ type: 'CreateSeason', season: spring })
      .then([{ type: 'SeasonCreated', streamId: spring.seasonId, payload: spring }]);
  });

  it('given Winter, when Winter itself is moved within its own dates, then it does not overlap itself', () => {
    const moved = { ...winter, endDate: '2026-04-15' };
    spec([created(), seasonCreated(winter)])
      .when({ type: 'UpdateSeason', season: moved })
      .then([{ type: 'SeasonUpdated', streamId: winter.seasonId, payload: moved }]);
  });

  it('given Winter in another ladder, when the same dates are used here, then SeasonCreated', () => {
    const other = { ...ladder, ladderId: 'other', name: 'Padel' };
    const season = { ...winter, seasonId: 'autumn', ladderId: 'other' };
    spec([created(), created(other), seasonCreated(winter)])
      .when({ type: 'CreateSeason', season })
      .then([{ type: 'SeasonCreated', streamId: 'autumn', payload: season }]);
  });

  it('given a deleted season, when its dates are used again, then SeasonCreated', () => {
    const again = { ...winter, seasonId: 'again' };
    spec([
      created(),
      seasonCreated(winter),
      {
        type: 'SeasonDeleted',
        payload: { seasonId: winter.seasonId, ladderId: ladder.ladderId, name: 'Winter' },
      },
    ])
      .when({ type: 'CreateSeason', season: again })
      .then([{ type: 'SeasonCreated', streamId: 'again', payload: again }]);
  });

  it('given no such ladder or season, when a season is saved, then not found', () => {
    spec([])
      .when({ type: 'CreateSeason', season: winter })
      .thenRejects({ reason: 'not_found', message: 'No such ladder' });
    spec([created()])
      .when({ type: 'UpdateSeason', season: winter })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });
});

describe('seasons: an active season cannot be deleted', () => {
  it('given Winter running today, when it is deleted, then refused; once it ended, SeasonDeleted', () => {
    spec([created(), seasonCreated(winter)])
      .when({ type: 'DeleteSeason', ladderId: ladder.ladderId, seasonId: winter.seasonId })
      .thenRejects({ reason: 'conflict', message: 'An active season cannot be deleted' });
    spec([created(), seasonCreated(winter)])
      .when(
        { type: 'DeleteSeason', ladderId: ladder.ladderId, seasonId: winter.seasonId },
        new Date('2026-04-01T09:00:00'),
      )
      .then([
        {
          type: 'SeasonDeleted',
          streamId: winter.seasonId,
          payload: { seasonId: winter.seasonId, ladderId: ladder.ladderId, name: 'Winter' },
        },
      ]);
  });

  it('given a season of another ladder, when it is deleted through this one, then not found', () => {
    spec([created(), seasonCreated(winter)])
      .when({ type: 'DeleteSeason', ladderId: 'other', seasonId: winter.seasonId })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });
});

describe('what the ladders state remembers', () => {
  it('starts with no ladders', () => {
    expect(laddersDecider.initialState()).toEqual({ ladders: {} });
  });

  it('given "Club Ladder", when "Padel" is created, then LadderCreated', () => {
    const padel = { ...ladder, ladderId: 'padel', name: 'Padel' };
    spec([created()])
      .when({ type: 'CreateLadder', ladder: padel })
      .then([{ type: 'LadderCreated', streamId: 'padel', payload: padel }]);
  });

  it('given a ladder renamed, when its old name is used, then LadderCreated; its new one, refused', () => {
    const renamed = { ...ladder, name: 'Winter Ladder' };
    const given = [created(), { type: 'LadderUpdated' as const, payload: renamed }];
    spec(given)
      .when({ type: 'CreateLadder', ladder: { ...ladder, ladderId: 'other' } })
      .then([{ type: 'LadderCreated', streamId: 'other', payload: { ...ladder, ladderId: 'other' } }]);
    spec(given)
      .when({ type: 'CreateLadder', ladder: { ...renamed, ladderId: 'other' } })
      .thenRejects({ reason: 'conflict', message: LADDER_NAME_TAKEN, field: 'name' });
  });

  it('given an active season among others, when the ladder is renamed keeping its sport, then LadderUpdated', () => {
    const renamed = { ...ladder, name: 'Winter Ladder' };
    spec([created(), seasonCreated(summer), seasonCreated(winter)])
      .when({ type: 'UpdateLadder', ladder: renamed })
      .then([{ type: 'LadderUpdated', streamId: ladder.ladderId, payload: renamed }]);
    spec([created(), seasonCreated(summer), seasonCreated(winter)])
      .when({ type: 'UpdateLadder', ladder: { ...ladder, sportsCategory: 'PADEL' } })
      .thenRejects({
        reason: 'conflict',
        message: 'The sports category cannot change while the ladder has an active season',
        field: 'sportsCategory',
      });
  });

  it('given a season moved by SeasonUpdated, then its new dates are what overlaps', () => {
    const moved = { ...winter, startDate: '2026-09-01', endDate: '2026-12-31' };
    const given = [created(), seasonCreated(winter), { type: 'SeasonUpdated' as const, payload: moved }];
    spec(given)
      .when({ type: 'CreateSeason', season: { ...summer, startDate: '2026-01-01', endDate: '2026-03-31' } })
      .then([
        {
          type: 'SeasonCreated',
          streamId: summer.seasonId,
          payload: { ...summer, startDate: '2026-01-01', endDate: '2026-03-31' },
        },
      ]);
    spec(given)
      .when({ type: 'CreateSeason', season: { ...summer, startDate: '2026-10-01', endDate: '2026-10-31' } })
      .thenRejects({ reason: 'conflict', message: SEASON_OVERLAPS, field: 'startDate' });
  });

  it('given a deleted season, when it is updated, then no such season', () => {
    spec([
      created(),
      seasonCreated(summer),
      {
        type: 'SeasonDeleted',
        payload: { seasonId: summer.seasonId, ladderId: ladder.ladderId, name: 'Summer' },
      },
    ])
      .when({ type: 'UpdateSeason', season: summer })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });

  it('given a season of a ladder that is not known, then it is passed over', () => {
    spec([seasonCreated(winter)])
      .when({ type: 'CreateLadder', ladder })
      .then([{ type: 'LadderCreated', streamId: ladder.ladderId, payload: ladder }]);
  });
});

describe('season ladder rules (DESIGN.md §5): a change is an event, what is left out stays', () => {
  const rulesChanged = (rules: LadderRules) => ({
    type: 'SeasonRulesChanged' as const,
    streamId: summer.seasonId,
    payload: { seasonId: summer.seasonId, ladderId: ladder.ladderId, rules },
  });
  const saved = (type: 'SeasonCreated' | 'SeasonUpdated') => ({
    type,
    streamId: summer.seasonId,
    payload: summer,
  });

  it('given a ladder, when a season is created without rules or with the defaults, then only SeasonCreated', () => {
    spec([created()])
      .when({ type: 'CreateSeason', season: summer })
      .then([saved('SeasonCreated')]);
    spec([created()])
      .when({ type: 'CreateSeason', season: summer, rules: { challengeRange: 3, movement: 'LEAPFROG' } })
      .then([saved('SeasonCreated')]);
  });

  it('given a ladder, when a season is created with some rules, then the others take their defaults', () => {
    spec([created()])
      .when({ type: 'CreateSeason', season: summer, rules: { challengeRange: 2, movement: 'SWAP' } })
      .then([
        saved('SeasonCreated'),
        rulesChanged({ ...defaultLadderRules, challengeRange: 2, movement: 'SWAP' }),
      ]);
  });

  it('given changed rules, when the season is updated with one field, then the other changed fields stay', () => {
    const changed = { ...defaultLadderRules, challengeRange: 2, movement: 'SWAP' as const };
    spec([
      created(),
      seasonCreated(summer),
      { type: 'SeasonRulesChanged', payload: rulesChanged(changed).payload },
    ])
      .when({ type: 'UpdateSeason', season: summer, rules: { confirmHours: 0 } })
      .then([saved('SeasonUpdated'), rulesChanged({ ...changed, confirmHours: 0 })]);
  });

  it('given changed rules, when the season is updated without rules or with the same, then the rules stay as they are', () => {
    const changed = { ...defaultLadderRules, responseDays: 3 };
    const given: LadderDomainEvent[] = [
      created(),
      seasonCreated(summer),
      { type: 'SeasonRulesChanged', payload: rulesChanged(changed).payload },
      { type: 'SeasonUpdated', payload: summer },
    ];
    spec(given)
      .when({ type: 'UpdateSeason', season: summer })
      .then([saved('SeasonUpdated')]);
    spec(given)
      .when({ type: 'UpdateSeason', season: summer, rules: { responseDays: 3 } })
      .then([saved('SeasonUpdated')]);
  });
});

describe('season format (DESIGN.md §12): LADDER or BOX with box settings, fixed once the season has a match', () => {
  const box = { size: 5, pointsWin: 3, pointsPlayed: 1, promote: 1, relegate: 1 };
  const formatChanged = (format: 'LADDER' | 'BOX', settings = box) => ({
    type: 'SeasonFormatChanged' as const,
    streamId: summer.seasonId,
    payload: { seasonId: summer.seasonId, ladderId: ladder.ladderId, format, box: settings },
  });
  const saved = (type: 'SeasonCreated' | 'SeasonUpdated') => ({
    type,
    streamId: summer.seasonId,
    payload: summer,
  });
  const given = (format: 'LADDER' | 'BOX', settings = box): LadderDomainEvent => ({
    type: 'SeasonFormatChanged',
    payload: formatChanged(format, settings).payload,
  });
  /** The season as loaded: with a match, when `hasMatches`. */
  const withMatches = (history: LadderDomainEvent[]) =>
    deciderSpec({
      ...laddersDecider,
      initialState: () => ({ ladders: {} }),
      evolve: (state: LaddersState, event: LadderDomainEvent) => {
        const next = laddersDecider.evolve(state, event);
        const season = next.ladders[ladder.ladderId]?.seasons[summer.seasonId];
        if (season) season.hasMatches = true;
        return next;
      },
    })(history);

  it('given a ladder, when a season is created as BOX, then SeasonFormatChanged with the default box settings', () => {
    spec([created()])
      .when({ type: 'CreateSeason', season: summer, formatChange: { format: 'BOX' } })
      .then([saved('SeasonCreated'), formatChanged('BOX')]);
    spec([created()])
      .when({ type: 'CreateSeason', season: summer, formatChange: { format: 'LADDER', box: { size: 5 } } })
      .then([saved('SeasonCreated')]);
    spec([created()])
      .when({ type: 'CreateSeason', season: summer, formatChange: { box: { size: 6 } } })
      .then([saved('SeasonCreated'), formatChanged('LADDER', { ...box, size: 6 })]);
  });

  it('given a BOX season, when updated with one setting, then the format and the other settings stay', () => {
    const history: LadderDomainEvent[] = [
      created(),
      seasonCreated(summer),
      given('BOX', { ...box, promote: 2 }),
      { type: 'SeasonUpdated', payload: summer },
    ];
    spec(history)
      .when({ type: 'UpdateSeason', season: summer, formatChange: { box: { pointsWin: 2 } } })
      .then([saved('SeasonUpdated'), formatChanged('BOX', { ...box, promote: 2, pointsWin: 2 })]);
    spec(history)
      .when({ type: 'UpdateSeason', season: summer, formatChange: {} })
      .then([saved('SeasonUpdated')]);
    spec(history)
      .when({ type: 'UpdateSeason', season: summer, formatChange: { format: 'LADDER' } })
      .then([saved('SeasonUpdated'), formatChanged('LADDER', { ...box, promote: 2 })]);
  });

  it('given a season with a match, when its format changes, then HAS_MATCHES; its box settings may change', () => {
    withMatches([created(), seasonCreated(summer)])
      .when({ type: 'UpdateSeason', season: summer, formatChange: { format: 'BOX' } })
      .thenRejects({
        reason: 'conflict',
        message: 'The format of a season with matches cannot change',
        code: 'HAS_MATCHES',
      });
    withMatches([created(), seasonCreated(summer), given('BOX')])
      .when({ type: 'UpdateSeason', season: summer, formatChange: { format: 'BOX', box: { size: 4 } } })
      .then([saved('SeasonUpdated'), formatChanged('BOX', { ...box, size: 4 })]);
  });

  it('a format change of an unknown season or ladder is passed over', () => {
    const state = laddersDecider.evolve(laddersDecider.initialState(), given('BOX'));
    expect(state).toEqual({ ladders: {} });
    const onlyLadder = [created(), given('BOX')].reduce(laddersDecider.evolve, laddersDecider.initialState());
    expect(onlyLadder.ladders[ladder.ladderId]!.seasons).toEqual({});
  });
});
