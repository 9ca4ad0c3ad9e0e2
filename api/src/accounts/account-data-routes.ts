import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { HttpError } from '../http/http-error.ts';
import { documented } from '../http/documented-router.ts';
import type { AppServices } from '../module.ts';
import { readPreferences } from '../notifications/notification-store.ts';
import { accountExportSchema } from './account-answers.ts';
import { accountExport } from './account-export.ts';
import { AccountStore } from './account-store.ts';
import { requireSession } from './authentication.ts';

/** DESIGN.md §10: the caller's data, as one document. */
export function accountDataRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const api = documented(router);

  api.get(
    `${ACCOUNT_API}/account/export`,
    {
      summary: 'Every fact about the caller as one JSON document (streamed)',
      description:
        'account, preferences, managerRoles, teams, matches, challenges, livePointsScored, ratings, ' +
        'disputeReasons, notifications and invitations, as an attachment `courtside-account.json`. Written as it is read: memory stays flat.',
      access: 'session',
      responses: {
        200: {
          contentType: 'application/json',
          description: 'The document, as an attachment',
          schema: accountExportSchema,
        },
      },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const account = await accounts.byId(session.accountId);
      if (!account) throw new HttpError(401, 'Please sign in');
      const preferences = await readPreferences(services, account.id);
      ctx.type = 'application/json; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="courtside-account.json"');
      const document = Readable.from(accountExport(services, account, preferences));
      // Past the headers a failure cannot be answered: end the connection, so the client sees a broken download
      // instead of waiting for the rest for ever (Koa leaves the response open).
      document.once('error', (error) => {
        services.logger.error({ err: error, accountId: account.id }, 'account export failed');
        ctx.res.destroy();
      });
      ctx.body = document;
    },
  );
}
