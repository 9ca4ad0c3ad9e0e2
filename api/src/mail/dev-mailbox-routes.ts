import type Router from '@koa/router';
import { z } from 'zod';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { DEV_MAILBOX_PATH } from '@courtside/events/api-paths';

const querySchema = z.object({ to: z.email('Give an email address') });

/** The dev outbox (DESIGN.md §2): only in development (asked for by name), and only when mail is not really sent. */
export function devMailboxRoutes(router: Router, services: AppServices): void {
  if (services.mode !== 'development' || services.mailer.kind !== 'dev-outbox') return;
  router.get(DEV_MAILBOX_PATH, async (ctx) => {
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
  });
}
