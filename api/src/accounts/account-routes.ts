import { isMinimalAccount } from '@courtside/events/accounts/minimal-account';
import { randomBytes, randomUUID } from 'node:crypto';
import { invitedAddressOf } from '../teams/invited-address.ts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { singleLineText } from '@courtside/events/text';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { AccountStore, publicAccount, type StoredAccount } from './account-store.ts';
import { requireSession, sessionOf } from './authentication.ts';
import { EmailVerification } from './email-verification.ts';
import { parsePhone } from '@courtside/events/accounts/phone';
import { checkCurrentPassword } from './current-password.ts';
import {
  codeMailLimit,
  loginLimits,
  SIGN_UPS_PER_ADDRESS,
  signUpLimits,
  signUpNoteLimit,
} from './login-limits.ts';
import { RateLimiter } from './rate-limit.ts';
import { clearSessionCookies, setExpireCookie, setSessionCookies } from './sessions.ts';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { emailInput as email, languageQuery, newPasswordInput as password } from './account-inputs.ts';
import { calendarUrlOf } from '../calendar/calendar-routes.ts';
import { readPreferences, savePreferences } from '../notifications/notification-store.ts';
import { publicUrlOf } from '../http/public-url.ts';
import { signUpNoteMail } from './sign-up-note.ts';
import { trueSchema } from '../http/answers.ts';
import { documented } from '../http/documented-router.ts';
import {
  accountSchema,
  codeAnswerSchema,
  refreshAnswerSchema,
  signedInAccountSchema,
  signUpAnswerSchema,
  unverifiedSchema,
} from './account-answers.ts';

const credentialsSchema = z.object({ email, password });
const signUpSchema = credentialsSchema.extend({
  invitationToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The token of an invitation link to this address'),
});
const loginSchema = z.object({ email, password: z.string().min(1, 'Enter your password').max(128) });
const verifySchema = z.object({
  refresh: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
const ticketSchema = z.object({ refresh: z.string().min(1).max(200) });
const idParams = z.object({ id: z.uuid('Unknown account') });
const minimalSchema = z.object({
  fullName: singleLineText().trim().min(1, 'Enter your full name').max(100, 'Use at most 100 characters'),
  phoneNumber: z.object({
    countryCode: z.string().regex(/^\d{1,3}$/, 'Choose a country code'),
    number: z.string().trim().min(1, 'Enter your phone number').max(30),
  }),
});
const passwordChangeSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: password });

/** The account API of spec §7 and DESIGN.md §2: sign-up, verification, sessions and the minimal account. */
export function accountRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const verification = new EmailVerification(services.db, services.mailer, services.clock);
  const limiter = new RateLimiter(services.db, services.clock);
  const { sessions, passwords, xsrfSecret } = services;
  const api = documented(router);
  /** GET account and PUT account/minimal answer the account with its calendar feed (DESIGN.md §6). */
  const signedInAccount = async (ctx: Context, account: StoredAccount) => ({
    ...publicAccount(account),
    calendarUrl: await calendarUrlOf(ctx, services, account.id),
  });

  api.post(
    `${ACCOUNT_API}/account`,
    {
      summary: 'Sign up',
      description:
        'Mails a 6-digit code (in `language`) to verify the address with; with the `invitationToken` of an open ' +
        'invitation to this address the account is verified at once (the link proves the address) and no code is ' +
        'mailed; a token for another address (or one that cannot be used) is a 400 and nothing is created. ' +
        'An address that has an account already answers the same (DESIGN.md §19: no one learns who has an ' +
        'account), but no account is made and no code arrives: its owner is mailed a note with links to sign in ' +
        'and to set a new password instead.',
      access: 'public',
      personal: true,
      query: languageQuery,
      body: signUpSchema,
      responses: { 201: signUpAnswerSchema },
      failures: {
        429: `More than ${SIGN_UPS_PER_ADDRESS} sign-ups from this network address in 15 minutes (Retry-After)`,
        503: 'Too many sign-ins and sign-ups at once (Retry-After)',
      },
    },
    async (ctx) => {
      const input = parseInput(signUpSchema, ctx.request.body, 'sign-up');
      const { language } = parseInput(languageQuery, ctx.query, 'query');
      if (input.invitationToken !== undefined) {
        const invited = await invitedAddressOf(services, input.invitationToken);
        if (invited !== input.email) {
          throw new HttpError(400, 'This invitation is for another address', [
            { path: ['invitationToken'], message: 'This invitation is for another address', code: 'custom' },
          ]);
        }
      }
      // Each sign-up costs a password hash, whether or not it makes an account: counted alike (§19).
      const limits = signUpLimits(ctx.ip, services.signUpsPerAddress);
      await limiter.consume(limits, 'Too many sign-ups from this network');
      const id = randomUUID();
      const passwordHash = await passwords.hash(input.password).catch(async (error: unknown) => {
        // Not hashed (too many at once): nothing was signed up.
        await limiter.undo(limits);
        throw error;
      });
      const created = await accounts.create({
        id,
        email: input.email,
        passwordHash,
        createdAt: services.clock(),
      });
      ctx.status = 201;
      if (!created) {
        await tellOwnerOfSignUp(ctx, input.email);
        // The answer of a new sign-up, for an account that does not exist: its ticket works as any other, of a code
        // that was never mailed; nothing can be verified or signed in with it.
        ctx.body =
          input.invitationToken !== undefined
            ? { id, refresh: randomBytes(24).toString('base64url'), verified: true }
            : { id, refresh: await verification.startWithoutAccount(id) };
        return;
      }
      // The account's mail language is the one it signed up in (DESIGN.md §6).
      await savePreferences(services, id, { language });
      if (input.invitationToken !== undefined) {
        await accounts.markVerified(id, services.clock());
        // Nothing to verify: the ticket is never asked for again.
        ctx.body = { id, refresh: randomBytes(24).toString('base64url'), verified: true };
        return;
      }
      const refresh = await verification.start(id, input.email, language);
      ctx.body = { id, refresh };
    },
  );

  /**
   * Someone signed up with an address that has an account (§19): its owner learns so, in the account's language,
   * with the way back in; at most 5 notes an hour (past that the sign-up answers alike and mails nothing).
   */
  const tellOwnerOfSignUp = async (ctx: Context, email: string) => {
    const owner = await accounts.byEmail(email);
    if (!owner || !(await limiter.tryConsume([signUpNoteLimit(owner.id)]))) return;
    const { language } = await readPreferences(services, owner.id);
    const locale = language === 'nl' ? 'nl' : 'en';
    await services.mailer.send({
      to: owner.email,
      ...signUpNoteMail(
        {
          signIn: publicUrlOf(ctx, services, `/webapps/account/${locale}/login`),
          forgot: publicUrlOf(ctx, services, `/webapps/account/${locale}/forgot`),
        },
        locale,
      ),
      accountId: owner.id,
    });
  };

  api.post(
    `${ACCOUNT_API}/account/:id/verify`,
    {
      summary: 'Verify the email address with the mailed code',
      description:
        'The person who signed up is signed in at once: the session cookies are set as `login` sets them (the ' +
        'ticket came from the sign-up or a sign-in with the password, the code proves the address).',
      access: 'public',
      personal: true,
      params: idParams,
      body: verifySchema,
      responses: { 200: trueSchema },
      failures: { 410: 'The code has expired: ask for a new one', 429: 'Too many wrong codes' },
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      const { refresh, code } = parseInput(verifySchema, ctx.request.body, 'verification');
      await verification.verify(id, refresh, code);
      await accounts.markVerified(id, services.clock());
      // Signed in after the code: no second ask for the password just typed at sign-up.
      if (await accounts.byId(id)) {
        const previous = sessionOf(ctx);
        if (previous) await sessions.revoke(previous);
        const { sessionId, accessExpiresAt } = await sessions.create(id);
        setSessionCookies(ctx, sessionId, accessExpiresAt, xsrfSecret);
      }
      ctx.body = true;
    },
  );

  api.post(
    `${ACCOUNT_API}/account/:id/code`,
    {
      summary: 'Mail a new verification code',
      access: 'public',
      personal: true,
      params: idParams,
      query: languageQuery,
      body: ticketSchema,
      responses: { 200: codeAnswerSchema },
      failures: { 429: 'Too many codes asked for: try again later (Retry-After)' },
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      const { refresh } = parseInput(ticketSchema, ctx.request.body, 'request');
      const { language } = parseInput(languageQuery, ctx.query, 'query');
      if (!(await verification.ticketMatches(id, refresh))) {
        throw new HttpError(400, 'This verification link is not valid any more. Sign in to get a new code.');
      }
      await limiter.consume([codeMailLimit(id)], 'Too many codes asked for');
      const account = await accounts.byId(id);
      // A sign-up with an address that has an account made none (§19): it answers alike and mails nothing.
      ctx.body = {
        refresh: account
          ? await verification.start(id, account.email, language)
          : await verification.startWithoutAccount(id),
      };
    },
  );

  api.post(
    `${ACCOUNT_API}/account/login`,
    {
      summary: 'Sign in',
      description:
        'Sets the session cookies (`SESSION-ID`, `courtside.loggedin`, `courtside.expire`) and a new `XSRF-TOKEN`. ' +
        'A script may send the session id back in the `SESSION-ID` header instead of the cookie.',
      access: 'public',
      personal: true,
      query: languageQuery,
      body: loginSchema,
      responses: { 200: accountSchema },
      failures: {
        401: 'The email address or password is not right',
        403: {
          description:
            'Not verified yet: a new code was mailed, unless 5 were mailed to the account in the last 15 minutes ' +
            '(`codeMailed` false: verify with the code mailed last)',
          schema: unverifiedSchema,
        },
        429: 'Too many attempts for this address or account (Retry-After)',
        503: 'Too many sign-ins at once (Retry-After)',
      },
    },
    async (ctx) => {
      const input = parseInput(loginSchema, ctx.request.body, 'sign-in');
      // ctx.ip: behind the proxy, the address the proxy saw (app.ts), whatever X-Forwarded-For the client sent.
      const limits = loginLimits(input.email, ctx.ip);
      await limiter.consume(limits.all);
      const account = await accounts.byEmail(input.email);
      // An unknown address costs as much time as a wrong password, so addresses cannot be probed by timing.
      const valid = await (
        account
          ? passwords.verify(input.password, account.passwordHash)
          : passwords.hash(input.password).then(() => false)
      ).catch(async (error: unknown) => {
        // Not judged (e.g. too many sign-ins at once): not a failure of this person.
        await limiter.undo(limits.all);
        throw error;
      });
      if (!account || !valid) throw new HttpError(401, 'The email address or password is not right');
      await limiter.undo(limits.all);
      await limiter.reset(limits.pair.key);
      if (!account.verified) {
        const { language } = parseInput(languageQuery, ctx.query, 'query');
        // §19: a new code no more often than `code` mails one (on the same count); past that, a new ticket for the
        // code mailed last.
        const codeMailed = await limiter.tryConsume([codeMailLimit(account.id)]);
        const refresh = codeMailed
          ? await verification.start(account.id, account.email, language)
          : await verification.newTicket(account.id, account.email, language);
        ctx.status = 403;
        ctx.body = { error: 'Verify your email address first', id: account.id, refresh, codeMailed };
        return;
      }
      const previous = sessionOf(ctx);
      if (previous) await sessions.revoke(previous);
      const { sessionId, accessExpiresAt } = await sessions.create(account.id);
      setSessionCookies(ctx, sessionId, accessExpiresAt, xsrfSecret);
      ctx.body = publicAccount(account);
    },
  );

  api.post(
    `${ACCOUNT_API}/account/refresh`,
    {
      summary: 'Renew the access time of the session (15 minutes)',
      access: 'session',
      query: languageQuery,
      responses: { 200: refreshAnswerSchema },
    },
    async (ctx) => {
      parseInput(languageQuery, ctx.query, 'query');
      const session = sessionOf(ctx);
      if (!session) throw new HttpError(401, 'Your session has ended: please sign in again');
      const accessExpiresAt = await sessions.refresh(session);
      setExpireCookie(ctx, accessExpiresAt);
      ctx.body = { expiresAt: accessExpiresAt.getTime() };
    },
  );

  api.get(
    `${ACCOUNT_API}/account/logout`,
    { summary: 'Sign out', access: 'optional', responses: { 200: trueSchema } },
    async (ctx) => {
      const session = sessionOf(ctx);
      if (session) await sessions.revoke(session);
      clearSessionCookies(ctx, xsrfSecret);
      ctx.body = true;
    },
  );

  api.get(
    `${ACCOUNT_API}/account/hasminimalaccount`,
    {
      summary: 'Whether the account has a full name and a phone number',
      access: 'session',
      responses: { 200: z.boolean() },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const account = await accounts.byId(session.accountId);
      ctx.body = isMinimalAccount(account);
    },
  );

  api.get(
    `${ACCOUNT_API}/account`,
    { summary: 'The signed-in account', access: 'session', responses: { 200: signedInAccountSchema } },
    async (ctx) => {
      const session = requireSession(ctx);
      const account = await accounts.byId(session.accountId);
      if (!account) throw new HttpError(401, 'Please sign in');
      ctx.body = await signedInAccount(ctx, account);
    },
  );

  api.put(
    `${ACCOUNT_API}/account/minimal`,
    {
      summary: 'Set the full name and phone number',
      access: 'session',
      body: minimalSchema,
      responses: { 200: signedInAccountSchema },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const input = parseInput(minimalSchema, ctx.request.body, 'account');
      const phone = parsePhone(input.phoneNumber.countryCode, input.phoneNumber.number);
      if (!phone) {
        throw new HttpError(400, 'Invalid account', [
          {
            path: ['phoneNumber', 'number'],
            message: 'This is not a valid phone number',
            code: 'invalid_phone',
          },
        ]);
      }
      await accounts.setMinimal(session.accountId, input.fullName, phone);
      // Names show in the kept public answers, which the log does not invalidate: this process builds them again
      // now (other api processes within the kept answers' 5 s).
      services.publicAnswers.invalidate();
      ctx.body = await signedInAccount(ctx, (await accounts.byId(session.accountId))!);
    },
  );

  api.put(
    `${ACCOUNT_API}/account/password`,
    {
      summary: 'Change the password (signs out the other sessions)',
      access: 'session',
      body: passwordChangeSchema,
      responses: { 200: trueSchema },
      failures: {
        403: 'The current password is not right',
        429: 'Too many wrong passwords for this account or from this address, as at sign-in (Retry-After)',
      },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const input = parseInput(passwordChangeSchema, ctx.request.body, 'password change');
      const account = (await accounts.byId(session.accountId))!;
      await checkCurrentPassword(services, limiter, account, input.currentPassword, ctx.ip);
      await accounts.setPasswordHash(account.id, await passwords.hash(input.newPassword));
      await sessions.revokeOthers(account.id, session);
      ctx.body = true;
    },
  );
}
