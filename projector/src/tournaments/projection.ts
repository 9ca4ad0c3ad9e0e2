import { fileURLToPath } from 'node:url';
import type { TournamentDomainEvent } from '@courtside/events/tournaments/events';
import { tournamentEvents } from '@courtside/events/tournaments/events';
import { tournamentChangesOf, type TournamentChange } from '@courtside/events/tournaments/changes';
import type { MergePushData, Projection, ProjectionContext } from '../projection.ts';

const tournamentTypes: ReadonlySet<string> = new Set(tournamentEvents.map((event) => event.type));
/** A knockout's draw match events that change its bracket: a match made or cancelled, a result in or out. */
const drawMatchTypes: ReadonlySet<string> = new Set([
  'MatchCreated',
  'MatchCancelled',
  'MatchResultRecorded',
  'ResultConfirmed',
  'ResultWithdrawn',
]);

/**
 * DESIGN.md §16: each tournament as its events left it (settings, entries, draw, a club night's rounds and results),
 * one row per tournament; its events push `tournament.updated` to the public room `tournament:{id}`, one per
 * tournament and batch: a knockout's draw of 128 (the draw and its 64 matches) is one push, not 65, so each viewer
 * reads the tournament once (docs/decisions/tournaments.md).
 */
export const tournamentsProjection: Projection = {
  name: 'tournaments',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['tournaments'],
  async apply(envelope, context) {
    const drawMatchOf = drawMatchTypes.has(envelope.type)
      ? (envelope.payload as { tournamentId?: string }).tournamentId
      : undefined;
    // DESIGN.md §16: the bracket's page reads the draw again when one of its matches is made or decided.
    if (drawMatchOf) pushTournamentUpdated(context, drawMatchOf, ['draw']);
    if (!tournamentTypes.has(envelope.type)) return;
    const event = envelope as TournamentDomainEvent;
    const { tournamentId } = event.payload;
    const company = envelope.companyId;
    const at = envelope.occurredAt;
    const update = (set: string, params: unknown[]) =>
      context.write(`UPDATE tournaments SET ${set}, updated_at = $3 WHERE id = $1 AND company_id = $2`, [
        tournamentId,
        company,
        at,
        ...params,
      ]);
    switch (event.type) {
      case 'TournamentCreated': {
        const p = event.payload;
        context.write(
          `INSERT INTO tournaments (id, company_id, name_id, format, sports_category, starts_at, entry_mode,
             max_entrants, plate, courts, planned_rounds, points_per_game, status, draw_order, entries, rounds, scores,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'entry', '{}', '[]', '[]', '{}', $13, $13)
           ON CONFLICT (id) DO NOTHING`,
          [
            tournamentId,
            company,
            p.nameId,
            p.format,
            p.sportsCategory,
            p.startsAt,
            p.entries,
            p.maxEntrants,
            p.plate,
            p.courts,
            p.rounds ?? null,
            p.pointsPerGame,
            at,
          ],
        );
        break;
      }
      case 'TournamentEntered': {
        const { entryId, memberIds } = event.payload;
        update('entries = entries || jsonb_build_array($4::jsonb)', [JSON.stringify({ entryId, memberIds })]);
        break;
      }
      case 'TournamentPlayerAdded': {
        const { entryId, playerId, fromRound } = event.payload;
        update('entries = entries || jsonb_build_array($4::jsonb)', [
          JSON.stringify({ entryId, memberIds: [playerId], fromRound }),
        ]);
        break;
      }
      case 'TournamentEntryWithdrawn':
        update(
          `entries = (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
             FROM jsonb_array_elements(entries) WITH ORDINALITY AS x(e, n) WHERE e->>'entryId' <> $4)`,
          [event.payload.entryId],
        );
        break;
      case 'TournamentDrawn': {
        const { seeding, order, bracket } = event.payload;
        update(
          `status = 'running', seeding = $4, draw_order = $5::uuid[], bracket = $6::jsonb, rounds = '[]',
           scores = '{}'`,
          [seeding, order, bracket ? JSON.stringify(bracket) : null],
        );
        break;
      }
      case 'TournamentRoundMade': {
        const { tournamentId: _id, ...round } = event.payload;
        update(
          `rounds = (SELECT jsonb_agg(r ORDER BY (r->>'round')::int) FROM (
             SELECT r FROM jsonb_array_elements(rounds) AS r WHERE (r->>'round')::int <> $4
             UNION ALL SELECT $5::jsonb) AS kept)`,
          [round.round, JSON.stringify(round)],
        );
        break;
      }
      case 'TournamentGameScored': {
        const { gameId, pointsA, pointsB } = event.payload;
        update('scores = scores || jsonb_build_object($4::text, $5::jsonb)', [
          gameId,
          JSON.stringify({ pointsA, pointsB }),
        ]);
        break;
      }
      case 'TournamentInvited': {
        const { tournamentId: _id, ...invitation } = event.payload;
        update(
          `invitations = CASE WHEN invitations @> jsonb_build_array(jsonb_build_object('invitationId', $4::text))
             THEN invitations ELSE invitations || jsonb_build_array($5::jsonb) END`,
          [invitation.invitationId, JSON.stringify({ ...invitation, state: 'open' })],
        );
        break;
      }
      case 'TournamentInvitationClosed': {
        const { invitationId, outcome } = event.payload;
        update(
          `invitations = (SELECT coalesce(jsonb_agg(CASE WHEN e->>'invitationId' = $4 AND e->>'state' = 'open'
             THEN jsonb_set(e, '{state}', to_jsonb($5::text)) ELSE e END ORDER BY n), '[]'::jsonb)
             FROM jsonb_array_elements(invitations) WITH ORDINALITY AS x(e, n))`,
          [invitationId, outcome],
        );
        break;
      }
      case 'TournamentFinished':
        update(`status = 'finished'`, []);
        break;
      case 'TournamentDeleted':
        context.write('DELETE FROM tournaments WHERE id = $1 AND company_id = $2', [tournamentId, company]);
        break;
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
    const changed = tournamentChangesOf(event);
    if (changed.length > 0) pushTournamentUpdated(context, tournamentId, changed);
  },
};

interface TournamentUpdated {
  tournamentId: string;
  changed: TournamentChange[];
}

/** The order a merged `changed` names its parts in, whichever events of the batch named them first. */
const changeRank: Record<TournamentChange, number> = {
  entries: 0,
  draw: 1,
  round: 2,
  game: 3,
  leaderboard: 4,
};

/** One `tournament.updated` for two of a batch: the parts either names, once each, in `changeRank` order. */
const mergeTournamentUpdated: MergePushData = (earlier, later) => {
  const named = new Set([...(earlier as TournamentUpdated).changed, ...(later as TournamentUpdated).changed]);
  const changed = [...named].sort((a, b) => changeRank[a] - changeRank[b]);
  return { ...(later as TournamentUpdated), changed };
};

function pushTournamentUpdated(
  context: ProjectionContext,
  tournamentId: string,
  changed: TournamentChange[],
): void {
  const data: TournamentUpdated = { tournamentId, changed };
  context.pushMergeable(
    { room: `tournament:${tournamentId}`, event: 'tournament.updated', data },
    mergeTournamentUpdated,
  );
}
