import type Router from '@koa/router';
import { z } from 'zod';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { calendarUrlOf } from '../calendar/calendar-routes.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { documented } from '../http/documented-router.ts';
import type { AppServices } from '../module.ts';
import { readPreferences } from '../notifications/notification-store.ts';
import { confirmAddress } from './account-addresses.ts';
import { emailInput } from './account-inputs.ts';
import { signedInAccountSchema } from './account-answers.ts';
import { AccountStore, publicAccount } from './account-store.ts';
import { requireSession } from './authentication.ts';
import { checkCurrentPassword } from './current-password.ts';
import { EmailChange } from './email-change.ts';
import { RateLimiter } from './rate-limit.ts';

const changeSchema = z.object({ newEmail: emailInput, currentPassword: z.string().min(1).max(128) });
const confirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});

/** DESIGN.md §10: a new email address, proved with a code mailed to it. */
export function emailChangeRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const change = new EmailChange(services.db, services.mailer, services.clock);
  const limiter = new RateLimiter(services.db, services.clock);
  const api = documented(router);

  api.put(
    `${ACCOUNT_API}/account/email`,
    {
      summary: 'Ask to change the email address',
      description:
        'Mails a 6-digit code to the new address (valid 15 minutes) and tells the old one, in the account’s ' +
        'language. An address that has an account already gets a mail saying so and nothing changes; the answer is ' +
        'the same `202`.',
      access: 'session',
      body: changeSchema,
      responses: { 202: { description: 'Accepted: the code is on its way to the new address' } },
      failures: {
        403: 'The current password is not right',
        429:
          'More than 5 changes asked for in an hour, or too many wrong passwords for this account or from this ' +
          'address, as at sign-in (Retry-After)',
      },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { newEmail, currentPassword } = parseInput(changeSchema, ctx.request.body, 'change of email');
      await limiter.consume([{ key: `email-change:${session.accountId}`, max: 5, windowMs: 60 * 60_000 }]);
      const account = await accounts.byId(session.accountId);
      if (!account) throw new HttpError(401, 'Please sign in');
      await checkCurrentPassword(services, limiter, account, currentPassword, ctx.ip);
      if (newEmail === account.email) {
        throw new HttpError(400, 'Invalid change of email', [
          { path: ['newEmail'], message: 'This is your email address already', code: 'unchanged' },
        ]);
      }
      const { language } = await readPreferences(services, account.id);
      const taken = (await accounts.byEmail(newEmail)) !== undefined;
      await change.start(account, newEmail, { taken, language });
      ctx.status = 202;
    },
  );

  api.post(
    `${ACCOUNT_API}/account/email/confirm`,
    {
      summary: 'Confirm the new email address with the mailed code',
      access: 'session',
      body: confirmSchema,
      responses: { 200: signedInAccountSchema },
      failures: {
        409: 'Another account took the address meanwhile',
        410: 'No change is waiting, or its code has expired: ask again',
        429: 'Too many wrong codes: ask again',
      },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { code } = parseInput(confirmSchema, ctx.request.body, 'code');
      const newEmail = await change.confirm(session.accountId, code);
      if (!(await change.apply(session.accountId, newEmail))) {
        throw new HttpError(409, 'An account with this email address exists already');
      }
      // The code proved the new address: what is sent to it from now on is this account's (the old one's stays too).
      await confirmAddress(services.db, session.accountId, services.clock());
      const account = (await accounts.byId(session.accountId))!;
      ctx.body = { ...publicAccount(account), calendarUrl: await calendarUrlOf(ctx, services, account.id) };
    },
  );
}
