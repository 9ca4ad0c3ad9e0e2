import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { formatSet, recalculate } from '@courtside/events/matches/scoring';
import { notificationLanguages } from '@courtside/events/notifications/notify';
import { ChainVerifier } from '@courtside/eventlog/chain/hash-chain';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { managerScope, seasonManagerScope } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import {
  exportLinesOf,
  lastPositionOf,
  ratingEventsOf,
  seasonFoldEventsOf,
  storedEnvelopesOf,
  type StoredEvent,
} from '@courtside/projector/audit/queries';
import { resultsOf, type ResultRow } from '@courtside/projector/matches/export-queries';
import { accountNamesOf } from '../accounts/account-store.ts';
import {
  chainReportSchema,
  historyItemSchema,
  seasonAtSchema,
  seasonEventsSchema,
} from './history-answers.ts';
import { disputeReasonTexts } from '../matches/dispute-reasons.ts';
import { accountIdsOf, historyOf, matchViewsOf, seasonAt, standingsRowsOf } from './season-history.ts';
import { csvLine } from './csv-cells.ts';
import { evolveRatings, initialRatings } from '@courtside/events/ratings/fold';

/** `at`: a log position (the company's count, 1 first) or an ISO time (a day means its very end, UTC). */
const atQuery = z.object({
  at: z
    .union([
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform((value) => ({ position: Number(value) })),
      z.iso.datetime({ offset: true }).transform((value) => ({ time: new Date(value) })),
      z.iso.date().transform((value) => ({ time: new Date(`${value}T23:59:59.999Z`) })),
    ])
    .optional(),
});

/** The language of the history's sentences (`summary`): the auditor's page's. */
const historyQuery = z.object({
  lang: z
    .enum(notificationLanguages, { error: 'lang is en or nl' })
    .default('en')
    .describe('Language of the summaries'),
});

const seasonParams = z.object({ seasonId: z.uuid('No such season') });
const companyParams = z.object({ companyId: z.uuid('No such company') });

const CSV_COLUMNS = [
  'season',
  'matchId',
  'date',
  'status',
  'defender',
  'challenger',
  'score',
  'winner',
  'confirmation',
] as const;

function resultLine(row: ResultRow): string {
  const scored = recalculate(row.defender_score, row.challenger_score, row.match_type);
  const sets = scored.defender.matchSets
    .flatMap((set, index) => {
      const other = scored.challenger.matchSets[index];
      return other && (set.score !== null || other.score !== null) ? [formatSet(set, other)] : [];
    })
    .join(' ');
  const special = [scored.defender.special, scored.challenger.special].find((value) => value !== 'none');
  const defender = (row.defender_names ?? []).join(' / ');
  const challenger = (row.challenger_names ?? []).join(' / ');
  const cells = [
    row.season_name,
    row.match_id,
    row.date ?? '',
    row.status,
    defender,
    challenger,
    [sets, special].filter(Boolean).join(' '),
    row.winner === 'defender' ? defender : row.winner === 'challenger' ? challenger : '',
    row.confirmation_state,
  ];
  return csvLine(cells);
}

/**
 * The reasons of disputes kept beside the log (DESIGN.md §10), put into the events the history folds as `reason`, as
 * the events written before dispute reasons moved beside the log carry it; a reason whose writer was erased stays out (shown as removed).
 */
async function withDisputeReasons(
  services: Pick<AppServices, 'db'>,
  events: StoredEvent[],
): Promise<StoredEvent[]> {
  const reasonIdOf = ({ event }: StoredEvent) => {
    const payload = event.payload as { reason?: unknown; reasonId?: unknown };
    return event.type === 'ResultDisputed' &&
      payload.reason === undefined &&
      typeof payload.reasonId === 'string'
      ? payload.reasonId
      : undefined;
  };
  const texts = await disputeReasonTexts(
    services.db,
    events.flatMap((stored) => reasonIdOf(stored) ?? []),
  );
  return events.map((stored) => {
    const text = texts.get(reasonIdOf(stored) ?? '');
    if (text === undefined) return stored;
    return {
      ...stored,
      event: { ...stored.event, payload: { ...(stored.event.payload as object), reason: text } },
    };
  });
}

/** DESIGN.md §8: history for auditors (time travel, the hash chain, exports), for managers of the company only. */
export function historyRoutes(router: Router, services: AppServices): void {
  const db = services.readModels;
  const api = documented(router, services.readModels);

  async function seasonEvents(season: { companyId: string; seasonId: string; ladderId: string }) {
    const events = await withDisputeReasons(services, await seasonFoldEventsOf(db, season));
    const names = await accountNamesOf(db, accountIdsOf(events));
    return { events, names };
  }

  api.get(
    `${ADMIN_API}/seasons/:seasonId/history`,
    {
      summary: 'Every event that touched the season, oldest first, with what it changed (managers)',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      query: historyQuery,
      responses: { 200: z.array(historyItemSchema) },
    },
    async (ctx) => {
      const { season } = seasonManagerScope(ctx);
      const { lang } = parseInput(historyQuery, ctx.query, 'query');
      const { events, names } = await seasonEvents(season);
      ctx.body = historyOf(season.seasonId, events, names, lang);
    },
  );

  api.get(
    `${ADMIN_API}/seasons/:seasonId/history/events`,
    {
      summary:
        'The events the season’s history folds and the names they need, to fold the season in the browser at every step of a timeline (managers)',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      responses: { 200: seasonEventsSchema },
    },
    async (ctx) => {
      const { season } = seasonManagerScope(ctx);
      const { events, names } = await seasonEvents(season);
      ctx.body = {
        events: events.map(({ position, event }) => ({ position, event })),
        names: Object.fromEntries([...names].filter((entry): entry is [string, string] => entry[1] !== null)),
      };
    },
  );

  api.get(
    `${ADMIN_API}/seasons/:seasonId/standings`,
    {
      summary:
        'The season’s standings and matches exactly as they stood after an event (`at`: a position or an ISO time; none: now)',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      query: atQuery,
      responses: { 200: seasonAtSchema },
    },
    async (ctx) => {
      const { accountId, season } = seasonManagerScope(ctx);
      const { at } = parseInput(atQuery, ctx.query, 'query');
      const { events, names } = await seasonEvents(season);
      const own = events.filter(
        ({ event }) => (event.payload as { seasonId?: unknown }).seasonId === season.seasonId,
      );
      const first = own[0];
      if (!first) throw new HttpError(404, 'No such season');
      let chosen = own.at(-1)!;
      if (at && 'position' in at) {
        const last = await lastPositionOf(db, season.companyId);
        if (at.position > last) {
          throw new HttpError(400, `No event at position ${at.position} yet: the last one is ${last}`, [
            { path: ['at'], message: `At most ${last}`, code: 'too_big' },
          ]);
        }
        if (at.position < first.position) {
          throw new HttpError(400, `The season's history starts at position ${first.position}`, [
            { path: ['at'], message: `At least ${first.position}`, code: 'too_small' },
          ]);
        }
        chosen = own.findLast((stored) => stored.position <= at.position)!;
      } else if (at) {
        // A time after the last event is the season as it stands now.
        const found = own.findLast((stored) => new Date(stored.event.occurredAt) <= at.time);
        if (!found) {
          throw new HttpError(400, `The season's history starts at ${first.event.occurredAt}`, [
            { path: ['at'], message: `Not before ${first.event.occurredAt}`, code: 'too_small' },
          ]);
        }
        chosen = found;
      }
      const state = seasonAt(events, chosen.position);
      // The ratings as they stood: the company's rated results up to the same event (all its ladders of the category).
      const ratings = (await ratingEventsOf(db, season.companyId, chosen.position)).reduce(
        evolveRatings,
        initialRatings(),
      );
      ctx.body = {
        at: { position: chosen.position, occurredAt: chosen.event.occurredAt },
        standings: standingsRowsOf(state, names, ratings),
        matches: matchViewsOf(state, names, season.companyId, {
          accountId,
          managedCompanyIds: [season.companyId],
        }),
      };
    },
  );

  api.get(
    `${ADMIN_API}/companies/:companyId/verify`,
    {
      summary: 'Recomputes the company’s hash chain and names the first bad position',
      access: 'session',
      manager: 'company',
      params: companyParams,
      responses: { 200: chainReportSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const verifier = new ChainVerifier();
      // A row projected before the stored copy was kept predates the chain: it counts as unhashed.
      for await (const { position, envelope } of storedEnvelopesOf(db, companyId)) {
        verifier.add(position, envelope ?? {});
      }
      const { unchained: _unchained, ...report } = verifier.report();
      ctx.body = report;
    },
  );

  api.get(
    `${ADMIN_API}/companies/:companyId/events.ndjson`,
    {
      summary:
        'Every event of the company, its whole envelope with `position` and `hash`, one per line (streamed)',
      access: 'session',
      manager: 'company',
      params: companyParams,
      responses: { 200: { contentType: 'application/x-ndjson', description: 'One event envelope per line' } },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      ctx.type = 'application/x-ndjson';
      ctx.set('Content-Disposition', `attachment; filename="events-${companyId}.ndjson"`);
      ctx.body = Readable.from(exportLinesOf(db, companyId));
    },
  );

  api.get(
    `${ADMIN_API}/companies/:companyId/results.csv`,
    {
      summary: 'Every match with its result, by season (streamed)',
      access: 'session',
      manager: 'company',
      params: companyParams,
      responses: {
        200: {
          contentType: 'text/csv',
          description: 'Columns season,matchId,date,status,defender,challenger,score,winner,confirmation',
        },
      },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      async function* lines() {
        yield csvLine(CSV_COLUMNS);
        for await (const row of resultsOf(db, companyId)) yield resultLine(row);
      }
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="results-${companyId}.csv"`);
      ctx.body = Readable.from(lines());
    },
  );
}
