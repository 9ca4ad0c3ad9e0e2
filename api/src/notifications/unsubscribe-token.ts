import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { notificationKinds, type NotificationKind } from '@courtside/events/notifications/notify';

/** How long an unsubscribe link in a mail keeps working. */
const UNSUBSCRIBE_TOKEN_DAYS = 180;

const claimsSchema = z.object({
  a: z.uuid(),
  k: z.enum(notificationKinds),
  /** Expiry, epoch seconds. */
  e: z.number().int().positive(),
});

interface UnsubscribeClaims {
  accountId: string;
  kind: NotificationKind;
}

/** A one-click unsubscribe token: the account, the kind and an expiry, signed with HMAC-SHA256 (no sign-in). */
export function signUnsubscribeToken(secret: string, claims: UnsubscribeClaims, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60;
  const body = Buffer.from(JSON.stringify({ a: claims.accountId, k: claims.kind, e: expires })).toString(
    'base64url',
  );
  return `${body}.${signature(secret, body)}`;
}

/** The claims of a valid, unexpired token; undefined for anything else (never throws). */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): UnsubscribeClaims | undefined {
  const [body, given, extra] = token.split('.');
  if (!body || !given || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(secret, body));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const claims = claimsSchema.safeParse(json);
  if (!claims.success || claims.data.e * 1000 <= now.getTime()) return undefined;
  return { accountId: claims.data.a, kind: claims.data.k };
}

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe.${body}`).digest('base64url');
}
