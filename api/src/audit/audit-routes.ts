import type Router from '@koa/router';
import { z } from 'zod';
import { requireManagerOf } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { ADMIN_API } from '@courtside/events/api-paths';
import { companyHistoryOf } from './audit-queries.ts';

const historyQuery = z.object({
  /** A stream id: a ladder (with its seasons), a season, a team or a match. */
  stream: z.string().trim().min(1).max(64).optional(),
  /** Paging cursor: the `seq` of the last event of the previous page; the page holds older events. */
  after: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** DESIGN.md §2: the company's events, newest first, for managers (the audit page). */
export function auditRoutes(router: Router, services: AppServices): void {
  router.get(`${ADMIN_API}/companies/:companyId/events`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { stream, after, limit } = parseInput(historyQuery, ctx.query, 'query');
    const rows = await companyHistoryOf(services.readModels, { companyId, stream, after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    ctx.body = {
      items: page.map(({ actorId, actorName, ...event }) => ({
        ...event,
        actor: { id: actorId, name: actorName ?? (actorId === 'system' ? 'Courtside' : 'Unknown') },
      })),
      nextAfter: rows.length > limit ? page.at(-1)!.seq : null,
    };
  });
}
