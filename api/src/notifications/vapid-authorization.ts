import webpush from 'web-push';
import type { VapidKeys } from '../config.ts';

/** A signed VAPID JWT is used this long: well under its `exp`, so a push service whose clock is off still takes it. */
const REUSE_MS = 60 * 60 * 1000;
/** Its `exp`: 12 hours from signing (RFC 8292 allows at most 24), web-push's own default. */
const EXPIRES_IN_S = 12 * 60 * 60;
/** Push services are a handful (FCM, Mozilla, Apple, Microsoft); a subscription may name any origin. */
const MAX_AUDIENCES = 1_000;

/**
 * The VAPID `Authorization` of a push (RFC 8292 `vapid t=<JWT>, k=<key>`), signed once per push service origin (the
 * JWT's `aud`) and used again for an hour, instead of an ES256 signature per push (docs/performance.md "Web Push").
 * `now` is the machine's real time, never the dev clock: the push service checks `exp` against its own.
 */
export function vapidAuthorization(
  vapid: VapidKeys & { subject: string },
  now: () => number = Date.now,
): (endpoint: string) => string {
  const kept = new Map<string, { authorization: string; until: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const at = now();
    const found = kept.get(audience);
    if (found && at < found.until) return found.authorization;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(at / 1000) + EXPIRES_IN_S,
    );
    if (!found && kept.size >= MAX_AUDIENCES) kept.clear();
    kept.set(audience, { authorization: Authorization, until: at + REUSE_MS });
    return Authorization;
  };
}
