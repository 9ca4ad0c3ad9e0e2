import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { vapidAuthorization } from './vapid-authorization.ts';

const keys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:push@courtside.invalid', ...keys };
const HOUR_MS = 60 * 60 * 1000;

/** The JWT's claims, after checking its ES256 signature by the public key. */
function claimsOf(authorization: string): { aud: string; exp: number; sub: string } {
  const found = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(authorization);
  expect(found?.[4]).toBe(keys.publicKey);
  const [, header, claims, signature] = found!;
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

describe('the VAPID header of a push (RFC 8292)', () => {
  it('is signed once per push service origin and used again within the hour', () => {
    // Whole seconds from the real time: web-push refuses an `exp` more than a day after it.
    let now = Math.floor(Date.now() / 1000) * 1000;
    const authorizationFor = vapidAuthorization(vapid, () => now);
    const first = authorizationFor('https://fcm.googleapis.com/fcm/send/abc');
    expect(authorizationFor('https://fcm.googleapis.com/fcm/send/def')).toBe(first);
    const mozilla = authorizationFor('https://updates.push.services.mozilla.com/wpush/v2/xyz');
    expect(mozilla).not.toBe(first);
    expect(claimsOf(first)).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: now / 1000 + 12 * 60 * 60,
      sub: vapid.subject,
    });
    expect(claimsOf(mozilla).aud).toBe('https://updates.push.services.mozilla.com');
    now += HOUR_MS - 1;
    expect(authorizationFor('https://fcm.googleapis.com/fcm/send/ghi')).toBe(first);
  });

  it('is signed anew after an hour, long before the one before expires', () => {
    // Whole seconds from the real time: web-push refuses an `exp` more than a day after it.
    let now = Math.floor(Date.now() / 1000) * 1000;
    const authorizationFor = vapidAuthorization(vapid, () => now);
    const first = authorizationFor('http://127.0.0.1:8123/push/a');
    now += HOUR_MS;
    const second = authorizationFor('http://127.0.0.1:8123/push/b');
    expect(second).not.toBe(first);
    expect(claimsOf(second)).toMatchObject({ aud: 'http://127.0.0.1:8123', exp: now / 1000 + 12 * 60 * 60 });
  });
});
