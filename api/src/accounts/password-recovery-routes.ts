import type Router from '@koa/router';
import { z } from 'zod';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { HttpError } from '../http/http-error.ts';
import { afterTheAnswer } from '../http/in-flight.ts';
import { parseInput } from '../http/parse.ts';
import { publicUrlOf } from '../http/public-url.ts';
import { trueSchema } from '../http/answers.ts';
import { documented } from '../http/documented-router.ts';
import type { AppServices } from '../module.ts';
import { emailInput, languageQuery, newPasswordInput } from './account-inputs.ts';
import { AccountStore } from './account-store.ts';
import { forgotLimits } from './login-limits.ts';
import { PasswordResets, resetMail, resetPage } from './password-resets.ts';
import { RateLimiter } from './rate-limit.ts';

const forgotSchema = z.object({ email: emailInput });
const resetSchema = z.object({ token: z.string().min(1).max(200), newPassword: newPasswordInput });

/** DESIGN.md §10: back in after a forgotten password. */
export function passwordRecoveryRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const resets = new PasswordResets(services.db, services.clock);
  const limiter = new RateLimiter(services.db, services.clock);
  const api = documented(router);

  api.post(
    `${ACCOUNT_API}/account/password/forgot`,
    {
      summary: 'Mail a link to set a new password',
      description:
        'Answers `202` whether or not the address has an account, at the same speed: the link (valid 30 minutes, ' +
        'used once) is mailed after the answer, in `language`, only to an address that has an account.',
      access: 'public',
      query: languageQuery,
      body: forgotSchema,
      responses: { 202: { description: 'Accepted: a link is mailed if the address has an account' } },
      failures: {
        429: 'More than 5 requests for this email or 20 from this address in an hour (Retry-After)',
      },
    },
    async (ctx) => {
      const { email } = parseInput(forgotSchema, ctx.request.body, 'request');
      const { language } = parseInput(languageQuery, ctx.query, 'query');
      await limiter.consume(forgotLimits(email, ctx.ip));
      const linkTo = (token: string) => publicUrlOf(ctx, services, resetPage(language, token));
      // Nothing about the account is looked up before the answer: its timing is the same for every address.
      afterTheAnswer(
        ctx,
        async () => {
          const account = await accounts.byEmail(email);
          if (!account) return;
          const token = await resets.issue(account.id);
          await services.mailer.send({
            to: account.email,
            ...resetMail(linkTo(token), language),
            accountId: account.id,
          });
        },
        (error) => services.logger.warn({ err: error }, 'password reset link not mailed'),
      );
      ctx.status = 202;
    },
  );

  api.post(
    `${ACCOUNT_API}/account/password/reset`,
    {
      summary: 'Set a new password with a mailed link',
      description: 'Every session of the account ends (its other browsers get `401` on their next request).',
      access: 'public',
      body: resetSchema,
      responses: { 200: trueSchema },
      failures: { 410: 'The link is unknown, used already or older than 30 minutes: ask for a new one' },
    },
    async (ctx) => {
      const { token, newPassword } = parseInput(resetSchema, ctx.request.body, 'password reset');
      // Hashed first: a server too busy to hash (503) does not use the link up.
      const passwordHash = await services.passwords.hash(newPassword);
      const accountId = await resets.use(token);
      if (!accountId) throw new HttpError(410, 'This link has been used or has expired. Ask for a new one.');
      await accounts.setPasswordHash(accountId, passwordHash);
      // The link came to the address, which proves it as the sign-up code would.
      await accounts.markVerified(accountId, services.clock());
      await services.sessions.revokeAll(accountId);
      ctx.body = true;
    },
  );
}
