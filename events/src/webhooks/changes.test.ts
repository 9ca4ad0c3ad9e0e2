import { describe, expect, it } from 'vitest';
import { productEvents } from '../catalog.ts';
import { tournamentChangesOf } from '../tournaments/changes.ts';
import { tournamentEvents } from '../tournaments/events.ts';
import { afterFailure, webhookChangesOf, type WebhookInput } from './changes.ts';

const ids = {
  matchId: '00000000-0000-4000-8000-00000000000a',
  seasonId: '00000000-0000-4000-8000-00000000000b',
  ladderId: '00000000-0000-4000-8000-00000000000c',
  teamId: '00000000-0000-4000-8000-00000000000d',
};
const side = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' as const };

const event = (type: string, payload: object, correlationId = 'command-1'): WebhookInput =>
  ({
    id: `event-${type}`,
    type,
    schemaVersion: 1,
    companyId: 'company',
    streamId: 'stream',
    actorId: 'actor',
    occurredAt: '2026-11-28T10:00:00Z',
    correlationId,
    payload,
  }) as WebhookInput;

describe('webhook changes (DESIGN.md §18)', () => {
  it('a result that counts completes the match; a pending one waits for its confirmation', () => {
    const counted = event('MatchResultRecorded', { ...ids, defender: side, challenger: side });
    expect(webhookChangesOf(counted)).toEqual([
      {
        type: 'match.completed',
        key: 'match.completed:event-MatchResultRecorded',
        subject: { kind: 'match', matchId: ids.matchId, seasonId: ids.seasonId },
      },
    ]);
    const pending = event('MatchResultRecorded', {
      ...ids,
      defender: side,
      challenger: side,
      pending: { enteredBy: ids.teamId, side: 'defender', dueAt: '2026-11-29T10:00:00Z' },
    });
    expect(webhookChangesOf(pending)).toEqual([]);
    expect(webhookChangesOf(event('ResultConfirmed', { ...ids, confirmedBy: 'x' }))[0]?.type).toBe(
      'match.completed',
    );
  });

  it('a date schedules a match, a cleared date does not; a cancel cancels it', () => {
    expect(
      webhookChangesOf(event('MatchRescheduled', { ...ids, date: '2026-12-01T10:00' }))[0],
    ).toMatchObject({
      type: 'match.scheduled',
      subject: { date: '2026-12-01T10:00' },
    });
    expect(webhookChangesOf(event('MatchRescheduled', { ...ids, date: null }))).toEqual([]);
    expect(webhookChangesOf(event('MatchLocationSet', { ...ids, locationId: null }))).toEqual([
      {
        type: 'match.scheduled',
        key: 'match.scheduled:event-MatchLocationSet',
        subject: { kind: 'match', matchId: ids.matchId, seasonId: ids.seasonId },
      },
    ]);
    expect(webhookChangesOf(event('MatchCancelled', ids))[0]?.type).toBe('match.cancelled');
  });

  it('a team that joins or leaves changes the standings too; the moves of one command are one change', () => {
    expect(webhookChangesOf(event('TeamAccepted', ids)).map((change) => change.type)).toEqual([
      'team.joined',
      'standings.changed',
    ]);
    expect(webhookChangesOf(event('TeamRemoved', ids)).map((change) => change.type)).toEqual([
      'team.left',
      'standings.changed',
    ]);
    const moved = webhookChangesOf(event('TeamPositionChanged', { ...ids, position: 2 }, 'command-7'));
    const leapfrog = webhookChangesOf(
      event(
        'ChallengerLeapfrogged',
        { ...ids, challengerId: ids.teamId, defenderId: ids.teamId, fromPosition: 3, toPosition: 1 },
        'command-7',
      ),
    );
    expect(moved[0]!.key).toBe(`standings.changed:command-7:${ids.seasonId}`);
    expect(leapfrog[0]!.key).toBe(moved[0]!.key);
    expect(webhookChangesOf(event('TeamRegistered', { ...ids, memberIds: [ids.teamId] }))).toEqual([]);
    expect(webhookChangesOf(event('TeamAccepted', ids))[0]).toEqual({
      type: 'team.joined',
      key: 'team.joined:event-TeamAccepted',
      subject: { kind: 'team', seasonId: ids.seasonId, teamId: ids.teamId },
    });
    for (const type of ['TeamDroppedForInactivity', 'ChallengerSwapped'])
      expect(webhookChangesOf(event(type, ids))).toEqual([
        {
          type: 'standings.changed',
          key: `standings.changed:command-1:${ids.seasonId}`,
          subject: { kind: 'standings', seasonId: ids.seasonId },
        },
      ]);
    expect(webhookChangesOf(event('ResultDisputed', ids))).toEqual([]);
    expect(webhookChangesOf(event('BoxesDrawn', ids))).toEqual([]);
  });

  it('every event of the log gives a list of changes (the consumer reads them all)', () => {
    for (const definition of productEvents) {
      const changes = webhookChangesOf(event(definition.type, ids));
      expect(Array.isArray(changes), definition.type).toBe(true);
    }
  });

  it('each tournament event is one tournament.updated whose changed is the live push’s', () => {
    const tournamentId = '00000000-0000-4000-8000-00000000000e';
    const given = (type: string) => webhookChangesOf(event(type, { tournamentId }));
    // An entry asked for by email is not public until it is accepted: no change.
    const unseen = ['TournamentInvited', 'TournamentInvitationClosed'];
    for (const type of unseen) expect(given(type), type).toEqual([]);
    const changed = Object.fromEntries(
      tournamentEvents
        .filter((definition) => !unseen.includes(definition.type))
        .map((definition) => {
          const changes = given(definition.type);
          expect(changes, definition.type).toEqual([
            {
              type: 'tournament.updated',
              key: `tournament.updated:event-${definition.type}`,
              subject: { kind: 'tournament', tournamentId, changed: expect.any(Array) },
            },
          ]);
          const [only] = changes;
          return [definition.type, only?.subject.kind === 'tournament' ? only.subject.changed : undefined];
        }),
    );
    expect(changed).toEqual({
      TournamentCreated: [],
      TournamentEntered: ['entries'],
      TournamentEntryWithdrawn: ['entries'],
      TournamentPlayerAdded: ['entries'],
      TournamentDeleted: ['entries'],
      TournamentDrawn: ['draw'],
      TournamentRoundMade: ['round'],
      TournamentGameScored: ['game', 'leaderboard'],
      TournamentFinished: ['draw', 'leaderboard'],
    });
  });

  it('a knockout’s draw match names its tournament; a season’s match names none', () => {
    const tournamentId = ids.seasonId;
    const knockout = { ...ids, tournamentId };
    expect(
      webhookChangesOf(event('MatchResultRecorded', { ...knockout, defender: side, challenger: side })),
    ).toEqual([
      {
        type: 'match.completed',
        key: 'match.completed:event-MatchResultRecorded',
        subject: { kind: 'match', matchId: ids.matchId, seasonId: ids.seasonId, tournamentId },
      },
    ]);
    expect(webhookChangesOf(event('ResultConfirmed', { ...knockout, confirmedBy: 'x' }))[0]?.subject).toEqual(
      {
        kind: 'match',
        matchId: ids.matchId,
        seasonId: ids.seasonId,
        tournamentId,
      },
    );
    expect(webhookChangesOf(event('MatchCancelled', knockout))[0]?.subject).toMatchObject({ tournamentId });
    expect(webhookChangesOf(event('MatchCancelled', ids))[0]?.subject).not.toHaveProperty('tournamentId');
  });

  it('an event that is not a tournament’s is never read as one', () => {
    expect(() => tournamentChangesOf({ type: 'LadderCreated' } as never)).toThrow('unhandled LadderCreated');
  });

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery has failed', () => {
    const start = new Date('2026-11-28T00:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => {
      const next = afterFailure(attempt, start, start).nextAttemptAt;
      return next && next.getTime() - start.getTime();
    });
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
  });

  it('an endpoint failing for 3 days in a row is disabled, not a moment before', () => {
    const since = new Date('2026-11-25T00:00:00Z');
    expect(afterFailure(1, new Date('2026-11-27T23:59:59Z'), since).disable).toBe(false);
    expect(afterFailure(1, new Date('2026-11-28T00:00:00Z'), since).disable).toBe(true);
  });
});
