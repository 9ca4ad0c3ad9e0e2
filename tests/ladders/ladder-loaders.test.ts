import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API } from '@courtside/events/api-paths';
import { companyDecider, type CompanyDomainEvent } from '@courtside/events/companies/decider';
import { companyEvents } from '@courtside/events/companies/events';
import { laddersDecider, type LadderDomainEvent, type LaddersState } from '@courtside/events/ladders/decider';
import { ladderEvents } from '@courtside/events/ladders/events';
import { rulesOf } from '@courtside/events/ladders/rules';
import { boxSettingsOf } from '@courtside/events/boxes/model';
import { companyStateOf } from '@courtside/projector/companies/queries';
import { laddersStateOf } from '@courtside/projector/ladders/queries';
import { acceptedBody, companyEventsOf, courtsideWithReadModels } from '../support/loader-specs.ts';
import { day, managerWithSeason } from '../support/ladder-setup.ts';

const ladderTypes = new Set<string>(ladderEvents.map((definition) => definition.type));
const companyTypes = new Set<string>(companyEvents.map((definition) => definition.type));

/**
 * Loader specs: the company and ladder loaders (the state those commands are decided against, read from the read
 * models) give what the rules' own `evolve` gives over the same events. The history is written through the real
 * command routes; the loaders read what the projector made of it.
 */
describe('the company and ladder loaders agree with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await managerWithSeason(courtside.url!, { rules: { challengeRange: 2, movement: 'SWAP' } });
    const { manager, ladderId, seasonId } = setup;
    companyId = setup.company.id;
    const ladders = `${ADMIN_API}/companies/${companyId}/ladders`;
    const season = (name: string, start: number, end: number, extra = {}) => ({
      name,
      startDate: day(start),
      endDate: day(end),
      minimumPlayedMatches: 2,
      openForRegistration: false,
      matchType: 'GAMESONLY',
      ...extra,
    });
    // The first ladder renamed, a later season with default rules, one changed twice, one deleted.
    await acceptedBody(
      manager.json('PUT', ladders, {
        uuid: ladderId,
        name: 'Renamed Ladder',
        email: 'renamed@club.test',
        sportsCategory: 'TENNISSINGLE',
      }),
    );
    const later = await acceptedBody<{ uuid: string }>(
      manager.json('POST', `${ladders}/${ladderId}/seasons`, season('Spring', 100, 150)),
    );
    await acceptedBody(
      manager.json('PUT', `${ladders}/${ladderId}/seasons`, {
        ...season('Spring again', 101, 151, { rules: { confirmHours: 48 }, format: 'BOX', box: { size: 6 } }),
        uuid: later.uuid,
      }),
    );
    await acceptedBody(
      manager.json('PUT', `${ladders}/${ladderId}/seasons`, {
        ...season('Summer', 102, 152, { openForRegistration: true }),
        uuid: later.uuid,
      }),
    );
    const gone = await acceptedBody<{ uuid: string }>(
      manager.json('POST', `${ladders}/${ladderId}/seasons`, season('Autumn', 200, 250)),
    );
    await acceptedBody(manager.json('DELETE', `${ladders}/${ladderId}/seasons/${gone.uuid}`));
    // A second ladder with a season, and a third that is deleted.
    const padel = await acceptedBody<{ uuid: string }>(
      manager.json('POST', ladders, { name: 'Padel', email: 'padel@club.test', sportsCategory: 'PADEL' }),
    );
    await acceptedBody(
      manager.json('POST', `${ladders}/${padel.uuid}/seasons`, season('Padel winter', -1, 60)),
    );
    const deleted = await acceptedBody<{ uuid: string }>(
      manager.json('POST', ladders, {
        name: 'Gone',
        email: 'gone@club.test',
        sportsCategory: 'TENNISDOUBLE',
      }),
    );
    await acceptedBody(manager.json('DELETE', `${ladders}/${deleted.uuid}`));
    // A co-manager's invitation, with its sender (DESIGN.md §19: the sender's removal revokes it).
    await acceptedBody(
      manager.json('POST', `${ADMIN_API}/companies/${companyId}/managers/invitations`, {
        email: 'co-manager@club.test',
      }),
    );
    expect(seasonId).toBeDefined();
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  it('laddersStateOf: every ladder with its seasons, as evolve over the ladder events', async () => {
    const events = await companyEventsOf<LadderDomainEvent>(db, companyId, ladderTypes);
    expect(new Set(events.map((event) => event.type))).toEqual(ladderTypes);
    const folded = events.reduce(laddersDecider.evolve, laddersDecider.initialState());
    // The loader gives a season's rules as the rules read them: with the defaults of what was never set.
    const withDefaults: LaddersState = {
      ladders: Object.fromEntries(
        Object.entries(folded.ladders).map(([id, ladder]) => [
          id,
          {
            ...ladder,
            seasons: Object.fromEntries(
              Object.entries(ladder.seasons).map(([seasonId, season]) => [
                seasonId,
                // DESIGN.md §12: LADDER and the default box settings unless set; no season here has a match.
                {
                  ...season,
                  rules: rulesOf(season.rules),
                  format: season.format ?? 'LADDER',
                  box: boxSettingsOf(season.box),
                  hasMatches: false,
                },
              ]),
            ),
          },
        ]),
      ),
    };
    expect(Object.keys(withDefaults.ladders)).toHaveLength(2);
    expect(await laddersStateOf(db, companyId)).toEqual(withDefaults);
  });

  it('companyStateOf: the company and its invitation with their sender, as evolve over their events; nothing for an unknown one', async () => {
    const events = await companyEventsOf<CompanyDomainEvent>(db, companyId, companyTypes);
    expect(events).toHaveLength(2);
    const folded = events.reduce(companyDecider.evolve, companyDecider.initialState());
    expect(Object.values(folded.invitations ?? {}).map((invitation) => invitation.invitedBy)).toEqual([
      folded.managers?.[0],
    ]);
    expect(await companyStateOf(db, companyId)).toEqual(folded);
    expect(await companyStateOf(db, '00000000-0000-4000-8000-000000000000')).toEqual(
      companyDecider.initialState(),
    );
  });
});
