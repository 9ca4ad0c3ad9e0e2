import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@courtside/events/envelope';
import { matchEvents, type MatchEvent } from '@courtside/events/matches/events';
import { recalculate, type SideScoreInput } from '@courtside/events/matches/scoring';
import { leapfrog, swapTeams } from '@courtside/events/teams/positions';
import type { LivePush, Projection, ProjectionContext } from '../projection.ts';
import { activeOrder, writeOrder } from '../teams/projection.ts';
import { loadMatches, type MatchListItem } from './match-view.ts';
import { matchSideMembers, matchTypeSql } from './match-sides.ts';

const handled = new Set<string>(matchEvents.map((definition) => definition.type));
/** A match's score before any result: no sets. */
export const noScore: SideScoreInput = { matchSets: [], special: 'none' };

export async function pushMatch(
  context: ProjectionContext,
  matchId: string,
  seasonId: string,
  ladderId: string,
) {
  if (context.publishing === false) return;
  const [item] = await loadMatches(context, [matchId]);
  if (!item) return;
  for (const room of [`match:${matchId}`, `season:${seasonId}`, `ladder:${ladderId}`]) {
    context.push({ room, event: 'match.updated', data: { match: item.match } });
  }
}

/** The read models as a loader reads them, through statements sent without waiting (`send`). */
const sending = (context: ProjectionContext) => ({
  query: (sql: string, params?: unknown[]) => context.send(sql, params),
});

/**
 * The `match.updated` pushes of the match as it is at this point of the batch: its view is read without waiting
 * (`send`), so a batch of match events (a box re-draw's 800) does not wait for each one's read.
 */
function matchPushesLater(
  context: ProjectionContext,
  matchId: string,
  seasonId: string,
  ladderId: string,
): Promise<LivePush[]> {
  if (context.publishing === false) return Promise.resolve([]);
  return matchUpdates(loadMatches(sending(context), [matchId]), matchId, seasonId, ladderId);
}

async function matchUpdates(
  views: Promise<readonly MatchListItem[]>,
  matchId: string,
  seasonId: string,
  ladderId: string,
): Promise<LivePush[]> {
  const item = (await views).find((view) => view.match.id === matchId);
  return item
    ? [`match:${matchId}`, `season:${seasonId}`, `ladder:${ladderId}`].map((room) => ({
        room,
        event: 'match.updated',
        data: { match: item.match },
      }))
    : [];
}

/**
 * Consecutive creations and cancellations of different matches (a box draw's 400 new matches, a re-draw's 400
 * cancelled ones): none of them changes another's view (its teams, names, season, live score, place), and no other
 * read model changes one on these events, so each match's view right after its own event is its view after the
 * run's last one. It is read once for the whole run, after the last one's statement, instead of once per event;
 * each event's pushes keep their place among the batch's pushes.
 */
interface ViewRun {
  matchIds: Set<string>;
  lastEventId: string;
  views: Promise<readonly MatchListItem[]>;
  read(views: Promise<readonly MatchListItem[]>): void;
}

const runTypes = new Set<string>(['MatchCreated', 'MatchCancelled']);

/** The runs of the batch's events (by event id), for `apply` to read each run's views once. */
function viewRuns(events: readonly EventEnvelope[]): Map<string, ViewRun> {
  const runs = new Map<string, ViewRun>();
  let run: ViewRun | undefined;
  for (const event of events) {
    if (!runTypes.has(event.type)) {
      run = undefined;
      continue;
    }
    const { matchId } = (event as MatchEvent).payload;
    if (!run || run.matchIds.has(matchId)) {
      let read!: ViewRun['read'];
      const views = new Promise<readonly MatchListItem[]>((resolve) => (read = resolve));
      run = { matchIds: new Set(), lastEventId: event.id, views, read };
    }
    run.matchIds.add(matchId);
    run.lastEventId = event.id;
    runs.set(event.id, run);
  }
  return runs;
}

/** Matches of a season, their scores and statuses; the leapfrog moves teams on the ladder (DESIGN.md §4). */
export const matchesProjection: Projection = {
  name: 'matches',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['matches'],
  async prepare(events, context) {
    return context.publishing === false ? undefined : viewRuns(events);
  },
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as MatchEvent;
    const { matchId, seasonId, ladderId } = event.payload;
    const seasonUpdated = (...changed: Array<'matches' | 'positions'>): LivePush => ({
      room: `season:${seasonId}`,
      event: 'season.updated',
      data: { seasonId, changed },
    });
    const seasonChanged = (...changed: Array<'matches' | 'positions'>) =>
      context.push(seasonUpdated(...changed));
    /**
     * A statement sent without waiting; when it changed a row, the pushes of the match as it is right after it (and
     * `season.updated` first when `changed` says so), in this place among the batch's pushes.
     */
    const changeThenPush = (sql: string, params: unknown[], ...changed: Array<'matches'>) => {
      const change = context.send(sql, params);
      const run = (context.prepared as Map<string, ViewRun> | undefined)?.get(envelope.id);
      if (run && run.lastEventId === envelope.id) {
        run.read(loadMatches(sending(context), [...run.matchIds]));
      }
      const view = run
        ? matchUpdates(run.views, matchId, seasonId, ladderId)
        : matchPushesLater(context, matchId, seasonId, ladderId);
      context.pushLater(
        Promise.all([change, view]).then(([{ rowCount }, pushes]) =>
          rowCount ? [...(changed.length > 0 ? [seasonUpdated(...changed)] : []), ...pushes] : [],
        ),
      );
    };

    switch (event.type) {
      case 'MatchCreated': {
        changeThenPush(
          `INSERT INTO matches (id, season_id, ladder_id, company_id, defender_id, challenger_id, status, defender_score,
             challenger_score, created_at, updated_at, challenge_id, tags)
           VALUES ($1, $2, $3, $4, $5, $6, 'planned', $7, $7, $8, $8, $9,
             ARRAY[$3, $2, $5, $6]::uuid[] || ARRAY(SELECT tm.account_id FROM ${matchSideMembers('$2')} tm
               WHERE tm.team_id IN ($5, $6) ORDER BY tm.team_id = $5 DESC, tm.member_order))
           ON CONFLICT (id) DO NOTHING`,
          [
            matchId,
            seasonId,
            ladderId,
            event.companyId,
            event.payload.defenderId,
            event.payload.challengerId,
            JSON.stringify(noScore),
            event.occurredAt,
            event.payload.challengeId ?? null,
          ],
          'matches',
        );
        break;
      }
      case 'MatchResultRecorded': {
        const { rows } = await context.query<{ match_type: 'GAMESONLY' | 'BESTOFTHREE' | 'BESTOFFIVE' }>(
          `SELECT ${matchTypeSql('m.season_id')} AS match_type FROM matches m
           WHERE m.id = $1 AND m.status <> 'cancelled'`,
          [matchId],
        );
        if (!rows[0]?.match_type) break;
        const scored = recalculate(event.payload.defender, event.payload.challenger, rows[0].match_type);
        context.write(
          // A pending result (DESIGN.md §5) waits for the other side; any other result counts at once.
          `UPDATE matches SET defender_score = $2, challenger_score = $3, status = $4, winner = $5::text,
             calendar_sequence = calendar_sequence + (status IS DISTINCT FROM $4)::int,
             had_winner = had_winner OR ($5::text IS NOT NULL AND $7::timestamptz IS NULL), updated_at = $6,
             confirmation_state = CASE WHEN $7::timestamptz IS NULL THEN 'confirmed' ELSE 'pending' END,
             confirmation_due_at = $7, entered_by = $8, entered_side = $9, dispute_reason = NULL,
             dispute_reason_id = NULL
           WHERE id = $1`,
          [
            matchId,
            JSON.stringify(event.payload.defender),
            JSON.stringify(event.payload.challenger),
            scored.status,
            scored.winner,
            event.occurredAt,
            event.payload.pending?.dueAt ?? null,
            event.payload.pending?.enteredBy ?? null,
            event.payload.pending?.side ?? null,
          ],
        );
        await pushMatch(context, matchId, seasonId, ladderId);
        // The standings change with it: a record that counts, or a challenge whose result now waits.
        seasonChanged('matches');
        break;
      }
      case 'MatchRescheduled': {
        changeThenPush(
          // A calendar sees a new date as a new version of the event (DESIGN.md §6 "Feeds": SEQUENCE).
          `UPDATE matches SET date = $2, updated_at = $3,
             calendar_sequence = calendar_sequence + (date IS DISTINCT FROM $2::text)::int
           WHERE id = $1 AND status <> 'cancelled'`,
          [matchId, event.payload.date, event.occurredAt],
        );
        break;
      }
      case 'MatchCancelled': {
        changeThenPush(
          `UPDATE matches SET status = 'cancelled', updated_at = $2, calendar_sequence = calendar_sequence + 1
           WHERE id = $1 AND status <> 'cancelled'`,
          [matchId, event.occurredAt],
          'matches',
        );
        break;
      }
      case 'MatchLocationSet': {
        changeThenPush(
          // A calendar sees a new location as a new version of the event (DESIGN.md §6 "Feeds": SEQUENCE).
          `UPDATE matches SET location_id = $2, updated_at = $3,
             calendar_sequence = calendar_sequence + (location_id IS DISTINCT FROM $2::uuid)::int
           WHERE id = $1 AND status <> 'cancelled'`,
          [matchId, event.payload.locationId, event.occurredAt],
        );
        break;
      }
      case 'ChallengerLeapfrogged': {
        const order = await activeOrder(context, seasonId);
        const next = leapfrog(
          order,
          event.payload.challengerId,
          event.payload.defenderId,
          event.payload.challengerId,
        );
        writeOrder(context, next);
        seasonChanged('positions');
        await pushMatch(context, matchId, seasonId, ladderId);
        break;
      }
      case 'ResultConfirmed': {
        changeThenPush(
          `UPDATE matches SET confirmation_state = 'confirmed', confirmation_due_at = NULL, dispute_reason = NULL, dispute_reason_id = NULL,
             had_winner = had_winner OR winner IS NOT NULL, updated_at = $2
           WHERE id = $1 AND confirmation_state <> 'confirmed'`,
          [matchId, event.occurredAt],
          'matches',
        );
        break;
      }
      case 'ResultWithdrawn': {
        // DESIGN.md §13: planned again without a result; the live projection's PointUndone, the next event of the
        // same command, writes the set scores of the points left.
        changeThenPush(
          `UPDATE matches SET status = 'planned', winner = NULL, defender_score = $2, challenger_score = $2,
             calendar_sequence = calendar_sequence + (status <> 'planned')::int, confirmation_state = 'confirmed',
             confirmation_due_at = NULL, entered_by = NULL, entered_side = NULL, updated_at = $3
           WHERE id = $1 AND confirmation_state = 'pending' AND status <> 'cancelled'`,
          [matchId, JSON.stringify(noScore), event.occurredAt],
          'matches',
        );
        break;
      }
      case 'ResultDisputed': {
        changeThenPush(
          `UPDATE matches SET confirmation_state = 'disputed', dispute_reason = $2, dispute_reason_id = $4, updated_at = $3
           WHERE id = $1 AND confirmation_state = 'pending'`,
          [matchId, event.payload.reason ?? null, event.occurredAt, event.payload.reasonId ?? null],
          'matches',
        );
        break;
      }
      case 'ChallengerSwapped': {
        const order = await activeOrder(context, seasonId);
        if (!order.includes(event.payload.challengerId) || !order.includes(event.payload.defenderId)) break;
        writeOrder(context, swapTeams(order, event.payload.challengerId, event.payload.defenderId));
        seasonChanged('positions');
        await pushMatch(context, matchId, seasonId, ladderId);
        break;
      }
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
  },
};
