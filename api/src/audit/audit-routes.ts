import type Router from '@koa/router';
import { z } from 'zod';
import { managerScope } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { ADMIN_API } from '@courtside/events/api-paths';
import { companyHistoryOf } from '@courtside/projector/audit/queries';
import { documented } from '../http/documented-router.ts';
import { notificationLanguages } from '@courtside/events/notifications/notify';
import { FORMER_PLAYER } from '@courtside/projector/api-tables';
import { summaryTexts } from '../history/summary-texts.ts';

const historyPageSchema = z.object({
  items: z.array(
    z.object({
      seq: z.number().int().describe('The event’s position in the company’s history'),
      id: z.uuid(),
      type: z.string(),
      streamId: z.string(),
      occurredAt: z.iso.datetime(),
      payload: z.unknown(),
      actor: z.object({ id: z.string(), name: z.string() }),
    }),
  ),
  nextAfter: z.number().int().nullable().describe('Pass as `after` for the next (older) page; null: no more'),
});

const historyQuery = z.object({
  /** A stream id: a ladder (with its seasons), a season, a team or a match. */
  stream: z.string().trim().min(1).max(64).optional(),
  /** Paging cursor: the `seq` of the last event of the previous page; the page holds older events. */
  after: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  lang: z
    .enum(notificationLanguages, { error: 'lang is en or nl' })
    .default('en')
    .describe(
      'Language of the names Courtside gives (an erased person is "Former player" / "Voormalig speler")',
    ),
});

/** DESIGN.md §2: the company's events, newest first, for managers (the audit page). */
export function auditRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  api.get(
    `${ADMIN_API}/companies/:companyId/events`,
    {
      summary: 'The company’s events, newest first (the audit page)',
      access: 'session',
      manager: 'company',
      params: z.object({ companyId: z.uuid() }),
      query: historyQuery,
      responses: { 200: historyPageSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { stream, after, limit, lang } = parseInput(historyQuery, ctx.query, 'query');
      const rows = await companyHistoryOf(services.readModels, {
        companyId,
        stream,
        after,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      ctx.body = {
        items: page.map(({ actorId, actorName, ...event }) => ({
          ...event,
          actor: {
            id: actorId,
            name:
              actorName === FORMER_PLAYER
                ? summaryTexts[lang].formerPlayer
                : (actorName ?? (actorId === 'system' ? 'Courtside' : 'Unknown')),
          },
        })),
        nextAfter: rows.length > limit ? page.at(-1)!.seq : null,
      };
    },
  );
}
