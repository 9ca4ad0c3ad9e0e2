import type Router from '@koa/router';
import { z } from 'zod';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '@courtside/events/api-paths';
import { requireSession } from '../accounts/authentication.ts';
import { documented } from '../http/documented-router.ts';
import { notFound } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { isLoopbackHost } from '../http/public-url.ts';
import type { Mode } from '../config.ts';
import type { AppServices } from '../module.ts';
import { pushKeySchema, pushSubscribedSchema } from './notification-answers.ts';
import { deletePushSubscription, savePushSubscription } from './push-subscriptions.ts';

/** A base64url key (RFC 8291 §3.2 as browsers write it; `=` padding allowed) that decodes to `bytes` bytes. */
const base64urlKey = (bytes: number, what: string, check?: (key: Buffer) => boolean) =>
  z
    .string()
    .max(200, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is base64url`)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, `${what} is ${bytes} bytes`)
    .refine((value) => check?.(Buffer.from(value, 'base64url')) ?? true, `${what} is not a valid key`);

/**
 * A browser's `PushSubscription` JSON (`subscription.toJSON()`). The endpoint is its push service's address:
 * `https` (RFC 8030); development also takes `http` on this machine (a push service of the tests, or of a developer).
 */
export function pushSubscriptionSchema(mode: Mode) {
  return z
    .object({
      endpoint: z
        .url({ protocol: /^https?$/, error: 'endpoint is the push service’s https address' })
        .max(2_000, 'endpoint is too long')
        .refine((endpoint) => {
          // Zod runs this check also after the address check failed: a string that is no address is reported there.
          if (!URL.canParse(endpoint)) return true;
          const url = new URL(endpoint);
          return url.protocol === 'https:' || (mode === 'development' && isLoopbackHost(url.hostname));
        }, 'endpoint must be an https address'),
      expirationTime: z.number().nullable().optional(),
      keys: z
        .object({
          // RFC 8291: the browser's P-256 public key, uncompressed (0x04, x, y).
          p256dh: base64urlKey(65, 'p256dh', (key) => key[0] === 0x04),
          auth: base64urlKey(16, 'auth'),
        })
        .strict(),
    })
    .strict();
}

const subscriptionParams = z.object({ subscriptionId: z.uuid('No such subscription') });

/** DESIGN.md §17: the VAPID key a browser subscribes with, and the signed-in browser's push subscription. */
export function pushRoutes(router: Router, services: AppServices): void {
  const api = documented(router);
  const subscriptionSchema = pushSubscriptionSchema(services.mode);

  api.get(
    PUSH_KEY_PATH,
    {
      summary:
        'The server’s VAPID public key (RFC 8292), the `applicationServerKey` a browser subscribes with',
      access: 'public',
      responses: { 200: pushKeySchema },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = { publicKey: services.vapidPublicKey };
    },
  );

  api.post(
    PUSH_SUBSCRIPTIONS_PATH,
    {
      summary:
        'Keeps this browser’s push subscription (`PushSubscription` JSON): 201 new, 200 the same endpoint again (one ' +
        'row). Signing this browser out deletes it',
      access: 'session',
      body: subscriptionSchema,
      responses: { 200: pushSubscribedSchema, 201: pushSubscribedSchema },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const input = parseInput(subscriptionSchema, ctx.request.body, 'subscription');
      const saved = await savePushSubscription(
        services.db,
        {
          accountId: session.accountId,
          sessionHash: session.idHash,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh.replace(/=+$/, ''),
          auth: input.keys.auth.replace(/=+$/, ''),
        },
        services.clock(),
      );
      ctx.status = saved.created ? 201 : 200;
      ctx.body = { subscriptionId: saved.subscriptionId };
    },
  );

  api.delete(
    `${PUSH_SUBSCRIPTIONS_PATH}/:subscriptionId`,
    {
      summary: 'Deletes one of the signed-in account’s push subscriptions: that browser is told nothing more',
      access: 'session',
      params: subscriptionParams,
      responses: { 204: { description: 'Deleted' } },
      failures: { 404: 'No such subscription of this account' },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const { subscriptionId } = parseInput(subscriptionParams, ctx.params, 'path');
      if (!(await deletePushSubscription(services.db, accountId, subscriptionId)))
        throw notFound('No such subscription');
      ctx.status = 204;
    },
  );
}
