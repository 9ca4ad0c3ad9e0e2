import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CompanyEventRow, ReadModelRows } from './rows.ts';

/** How a column's value is written: as text, as JSON (jsonb), as JSON text already serialised, or as a uuid[]. */
type ColumnKind = 'text' | 'json' | 'jsonText' | 'uuids';

interface TableColumns {
  table: string;
  columns: Record<string, ColumnKind>;
}

interface TableCopy extends TableColumns {
  rows(rows: ReadModelRows): Iterable<object>;
}

const text = (...names: string[]) => Object.fromEntries(names.map((name) => [name, 'text' as const]));

/**
 * The product's tables written once the log is folded, in two groups that two connections copy side by side: the
 * tables tied by foreign keys (parents first), and the others.
 */
export const linkedTableCopies: readonly TableCopy[] = [
  { table: 'companies', columns: text('id', 'name', 'created_at'), rows: (r) => r.companies.values() },
  {
    table: 'company_managers',
    columns: text('company_id', 'account_id', 'since'),
    rows: (r) => r.companyManagers.values(),
  },
  {
    table: 'manager_invitations',
    columns: text('id', 'company_id', 'state', 'invited_at', 'expires_at', 'invited_by'),
    rows: (r) => r.managerInvitations.values(),
  },
  {
    table: 'ladders',
    columns: text('id', 'company_id', 'name', 'email', 'sports_category', 'created_at', 'updated_at'),
    rows: (r) => r.ladders.values(),
  },
  {
    table: 'seasons',
    columns: {
      ...text(
        'id',
        'ladder_id',
        'company_id',
        'name',
        'start_date',
        'end_date',
        'minimum_played_matches',
        'open_for_registration',
        'match_type',
        'created_at',
        'updated_at',
      ),
      format: 'text',
      rules: 'json',
      box: 'json',
    },
    rows: (r) => r.seasons.values(),
  },
  {
    table: 'teams',
    columns: {
      ...text(
        'id',
        'season_id',
        'ladder_id',
        'company_id',
        'status',
        'position',
        'registered_at',
        'join_date',
        'leave_date',
        'left_position',
        'movement',
        'last_dropped_at',
        'paused_until',
      ),
      pauses: 'json',
    },
    rows: (r) => r.teams.values(),
  },
  {
    table: 'team_members',
    columns: text('team_id', 'account_id', 'member_order'),
    rows: (r) => [...r.teamMembers.values()].flat(),
  },
];

export const standaloneTableCopies: readonly TableCopy[] = [
  {
    table: 'tournaments',
    columns: {
      ...text(
        'id',
        'company_id',
        'name_id',
        'format',
        'sports_category',
        'starts_at',
        'entry_mode',
        'max_entrants',
        'plate',
        'courts',
        'planned_rounds',
        'points_per_game',
        'status',
        'seeding',
        'created_at',
        'updated_at',
      ),
      draw_order: 'uuids',
      bracket: 'json',
      entries: 'json',
      rounds: 'json',
      scores: 'json',
      invitations: 'json',
    },
    rows: (r) => r.tournaments.values(),
  },
  {
    table: 'boxes',
    columns: {
      ...text('id', 'season_id', 'ladder_id', 'company_id', 'number', 'drawn_at', 'closed_into'),
      team_ids: 'uuids',
      match_ids: 'uuids',
      moves: 'json',
    },
    rows: (r) => r.boxes.values(),
  },
  {
    table: 'partner_requests',
    columns: text(
      'team_id',
      'id',
      'season_id',
      'ladder_id',
      'company_id',
      'registrant_id',
      'partner_id',
      'state',
      'requested_at',
      'lapses_at',
      'answered_at',
    ),
    rows: (r) => r.partnerRequests.values(),
  },
  {
    table: 'season_invitations',
    columns: text(
      'id',
      'group_id',
      'other_id',
      'team_id',
      'season_id',
      'ladder_id',
      'company_id',
      'placement',
      'state',
      'invited_at',
      'expires_at',
      'accepted_by',
      'answered_at',
    ),
    rows: (r) => r.seasonInvitations.values(),
  },
  {
    table: 'matches',
    columns: {
      ...text(
        'id',
        'season_id',
        'ladder_id',
        'company_id',
        'defender_id',
        'challenger_id',
        'status',
        'date',
        'winner',
        'had_winner',
        'created_at',
        'updated_at',
        'challenge_id',
        'confirmation_state',
        'confirmation_due_at',
        'entered_by',
        'entered_side',
        'dispute_reason',
        'dispute_reason_id',
        'calendar_sequence',
        'location_id',
      ),
      defender_score: 'json',
      challenger_score: 'json',
      tags: 'uuids',
    },
    rows: (r) => r.matches.values(),
  },
  {
    table: 'challenges',
    columns: text(
      'id',
      'season_id',
      'ladder_id',
      'company_id',
      'challenger_team_id',
      'defender_team_id',
      'state',
      'issued_at',
      'respond_by',
      'play_by',
      'match_id',
      'play_days',
      'decline_is_walkover',
      'updated_at',
    ),
    rows: (r) => r.challenges.values(),
  },
  {
    table: 'live_scores',
    columns: {
      ...text(
        'match_id',
        'company_id',
        'season_id',
        'ladder_id',
        'first_server',
        'no_ad',
        'final_set',
        'updated_at',
        'ended',
      ),
      points: 'json',
    },
    rows: (r) => r.liveScores.values(),
  },
  {
    table: 'rating_results',
    columns: {
      ...text(
        'match_id',
        'company_id',
        'sports_category',
        'winner',
        'walkover',
        'counts',
        'place',
        'counted_at',
      ),
      defender_ids: 'uuids',
      challenger_ids: 'uuids',
    },
    rows: (r) => r.ratingResults.values(),
  },
  {
    table: 'player_ratings',
    columns: text(
      'company_id',
      'sports_category',
      'player_id',
      'rating',
      'deviation',
      'volatility',
      'matches',
    ),
    rows: (r) => [...r.playerRatings.values()].flatMap((players) => [...players.values()]),
  },
  {
    table: 'rating_changes',
    columns: {
      ...text(
        'company_id',
        'sports_category',
        'player_id',
        'place',
        'match_id',
        'at',
        'before',
        'after',
        'deviation_before',
        'deviation_after',
        'expected',
        'won',
      ),
      opponents: 'json',
    },
    rows: (r) => [...r.ratingChanges.values()].flat(),
  },
];

/** The history (the audit projection's table): written while the log is folded, as its rows never change. */
const companyEventsCopy = {
  table: 'company_events',
  columns: {
    ...text(
      'company_id',
      'seq',
      'event_id',
      'type',
      'stream_id',
      'ladder_id',
      'season_id',
      'actor_id',
      'occurred_at',
    ),
    payload: 'jsonText',
    envelope: 'jsonText',
  },
} satisfies TableColumns;

/** COPY's text format: backslash, tab, newline and carriage return escaped; `\N` is NULL. */
function escaped(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : value;
}

function field(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '\\N';
  switch (kind) {
    case 'text':
      return typeof value === 'boolean' ? (value ? 't' : 'f') : escaped(String(value));
    case 'json':
      return escaped(JSON.stringify(value));
    case 'jsonText':
      return escaped(value as string);
    case 'uuids':
      // uuids need no quoting inside an array literal
      return `{${(value as string[]).join(',')}}`;
    default: {
      const unknown: never = kind;
      throw new Error(`unknown column kind ${String(unknown)}`);
    }
  }
}

/** The rows' lines, in chunks of about 64 kB. */
function* lines(copy: TableColumns, rows: Iterable<object>): Generator<string> {
  const columns = Object.entries(copy.columns);
  let chunk = '';
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    chunk += columns.map(([name, kind]) => field(values[name], kind)).join('\t') + '\n';
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const copyStatement = (copy: TableColumns) =>
  copyFrom(`COPY ${copy.table} (${Object.keys(copy.columns).join(', ')}) FROM STDIN`);

/** Writes the tables with COPY on the caller's client (in its transaction), one after the other. */
export async function copyRows(
  client: PoolClient,
  rows: ReadModelRows,
  copies: readonly TableCopy[],
): Promise<void> {
  for (const copy of copies) {
    await pipeline(Readable.from(lines(copy, copy.rows(rows))), client.query(copyStatement(copy)));
  }
}

/**
 * A COPY of the history open on the caller's client (in its transaction), fed as events are folded: Postgres takes
 * the largest table in while the log is still being read. `end` resolves once every row is in.
 */
export function copyCompanyEvents(client: PoolClient): {
  write(rows: readonly CompanyEventRow[]): Promise<void>;
  end(): Promise<void>;
} {
  const stream = client.query(copyStatement(companyEventsCopy));
  const done = finished(stream);
  done.catch(() => undefined); // seen by write() or end()
  return {
    async write(rows) {
      for (const chunk of lines(companyEventsCopy, rows)) {
        if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
      }
    },
    async end() {
      stream.end();
      await done;
    },
  };
}
