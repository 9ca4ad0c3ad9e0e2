import type Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { documented } from '../http/documented-router.ts';
import { devOutboxMailsTo } from './mailer.ts';

const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().optional().describe('The verification code the mail carries, if any'),
  sentAt: z.iso.datetime(),
});

const querySchema = z.object({ to: z.email('Give an email address') });

/** The dev outbox (DESIGN.md §2): only in development (asked for by name), and only when mail is not really sent. */
export function devMailboxRoutes(router: Router, services: AppServices): void {
  if (services.mode !== 'development' || services.mailer.kind !== 'dev-outbox') return;
  documented(router).get(
    DEV_MAILBOX_PATH,
    {
      summary: 'Development only: the mails sent to an address, newest first',
      access: 'public',
      personal: true,
      query: querySchema,
      responses: { 200: z.array(mailSchema) },
    },
    async (ctx) => {
      const { to } = parseInput(querySchema, ctx.query, 'query');
      const rows = await devOutboxMailsTo(services.db, to);
      ctx.body = rows.map(({ code, ...mail }) => (code ? { ...mail, code } : mail));
    },
  );
}
