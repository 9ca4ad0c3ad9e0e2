import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import {
  seasonTeamsDecider,
  type SeasonTeamsState,
  type TeamDomainEvent,
} from '@courtside/events/teams/decider';
import { seasonTeamsStateOf } from '@courtside/projector/teams/queries';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { acceptedBody, companyEventsOf, courtsideWithReadModels } from '../support/loader-specs.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';

/** The events the team rules fold (the inactivity rules fold their own). */
const teamTypes = new Set<string>([
  'TeamRegistered',
  'TeamAccepted',
  'TeamRejected',
  'TeamRemoved',
  'TeamPositionChanged',
  'PartnerRequested',
  'PartnerRequestAccepted',
  'PartnerRequestDeclined',
  'PartnerRequestWithdrawn',
]);

/**
 * Loader specs: the team loader (the state the team commands are decided against, read from the read models) gives
 * what the team rules' own `evolve` gives over the same events. The history is written through the real command
 * routes; the loader reads what the projector made of it.
 */
describe('the team loader agrees with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  const client = () => new HttpClient(courtside.url!);

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  /** A season's team events as the projector stored them, in their order, folded from the season as set up. */
  async function folded(companyId: string, season: NonNullable<SeasonTeamsState['season']>) {
    const events = await companyEventsOf<TeamDomainEvent>(db, companyId, teamTypes);
    expect(events.length).toBeGreaterThan(0);
    return events.reduce(seasonTeamsDecider.evolve, { season, teams: {}, requests: {}, invitations: {} });
  }

  it('singles: registered, accepted, rejected, removed, left and moved teams', async () => {
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(courtside.url!, 4);
    const admin = `${ADMIN_API}/seasons/${seasonId}/teams`;
    const register = async () => {
      const http = client();
      await signedInAccount(http);
      return (
        await acceptedBody<{ teamId: string }>(
          http.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {}),
        )
      ).teamId;
    };
    await register(); // waits for approval
    await acceptedBody(manager.json('POST', `${admin}/reject`, { teamId: await register() }));
    await acceptedBody(manager.json('DELETE', `${admin}/${teams[1]!.teamId}`));
    await acceptedBody(
      teams[2]!.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${teams[2]!.teamId}`),
    );
    await acceptedBody(manager.json('POST', `${admin}/position/1`, { teamId: teams[3]!.teamId }));

    const expected = await folded(company.id, {
      seasonId,
      ladderId,
      sportsCategory: 'TENNISSINGLE',
      openForRegistration: true,
      endDate: day(90),
    });
    expect(Object.values(expected.teams).map((team) => team.status)).toEqual(
      expect.arrayContaining(['waiting', 'active', 'rejected', 'left']),
    );
    expect(await seasonTeamsStateOf(db, seasonId)).toEqual(expected);
  });

  it('doubles: partner requests open, accepted, declined and withdrawn, with the teams they formed', async () => {
    const { company, ladderId, seasonId } = await managerWithSeason(courtside.url!, {
      sportsCategory: 'PADEL',
    });
    /** A registrant naming a partner: the request's team id and the partner's address. */
    const ask = async () => {
      const http = client();
      await signedInAccount(http);
      const partnerEmail = uniqueEmail('partner');
      const { teamId } = await acceptedBody<{ teamId: string }>(
        http.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, { partnerEmail }),
      );
      return { http, teamId, partnerEmail };
    };
    const answer = async (request: { teamId: string; partnerEmail: string }, accept: boolean) => {
      const partner = client();
      await signedInAccount(partner, { email: request.partnerEmail });
      await acceptedBody(partner.json('POST', `${LADDER_API}/teams/${request.teamId}/partner`, { accept }));
    };
    await ask(); // stays open
    await answer(await ask(), true);
    await answer(await ask(), false);
    const withdrawn = await ask();
    await acceptedBody(
      withdrawn.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${withdrawn.teamId}`),
    );

    const expected = await folded(company.id, {
      seasonId,
      ladderId,
      sportsCategory: 'PADEL',
      openForRegistration: true,
      endDate: day(90),
    });
    expect(Object.values(expected.requests ?? {}).map((request) => request.state)).toEqual(
      expect.arrayContaining(['open', 'accepted', 'declined', 'withdrawn']),
    );
    expect(Object.values(expected.teams).map((team) => team.memberIds.length)).toEqual([2]);
    expect(await seasonTeamsStateOf(db, seasonId)).toEqual(expected);
  });

  it('an unknown season has no season and no teams', async () => {
    expect(await seasonTeamsStateOf(db, '00000000-0000-4000-8000-000000000000')).toEqual({
      teams: {},
      requests: {},
      invitations: {},
    });
  });
});
