import type Router from '@koa/router';
import { z } from 'zod';
import { DEV_CLOCK_PATH } from '@courtside/events/api-paths';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { documented } from '../http/documented-router.ts';

const clockSchema = z.object({ now: z.iso.datetime() });

const advanceSchema = z.object({
  advanceMs: z
    .number('Give advanceMs, the milliseconds to move the clock forward')
    .int('Give whole milliseconds')
    .min(0, 'The clock only moves forward')
    .max(366 * 24 * 60 * 60 * 1000, 'Move the clock at most a year at once'),
});

/**
 * DESIGN.md §5 "The clock in development": where the dev mailbox exists (development asked for by name, mail not
 * really sent); no sign-in needed.
 */
export function devClockRoutes(router: Router, services: AppServices): void {
  const { devClock } = services;
  if (services.mode !== 'development' || services.mailer.kind !== 'dev-outbox' || !devClock) return;
  const api = documented(router);
  api.get(
    DEV_CLOCK_PATH,
    { summary: 'Development only: the server’s clock', access: 'public', responses: { 200: clockSchema } },
    (ctx) => {
      ctx.body = { now: devClock.now().toISOString() };
    },
  );
  api.post(
    DEV_CLOCK_PATH,
    {
      summary: 'Development only: move the server’s clock forward and apply the deadlines',
      access: 'public',
      body: advanceSchema,
      responses: { 200: clockSchema },
    },
    async (ctx) => {
      const { advanceMs } = parseInput(advanceSchema, ctx.request.body ?? {}, 'clock');
      devClock.advance(advanceMs);
      await services.deadlines.runOnce();
      ctx.body = { now: devClock.now().toISOString() };
    },
  );
}
