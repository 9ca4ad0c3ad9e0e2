import type Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { documented } from '../http/documented-router.ts';

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
      query: querySchema,
      responses: { 200: z.array(mailSchema) },
    },
    async (ctx) => {
      const { to } = parseInput(querySchema, ctx.query, 'query');
      const { rows } = await services.db.query<{
        to: string;
        subject: string;
        text: string;
        code: string | null;
        sentAt: Date;
      }>(
        `SELECT recipient AS to, subject, body AS text, code, sent_at AS "sentAt"
       FROM courtside.dev_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 50`,
        [to.toLowerCase()],
      );
      ctx.body = rows.map(({ code, ...mail }) => (code ? { ...mail, code } : mail));
    },
  );
}
