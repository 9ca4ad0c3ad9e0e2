import { createHmac } from 'node:crypto';

/** What a key signs. Each purpose has a key of its own, so a value signed for one never verifies for another. */
export type KeyPurpose = 'anti-forgery token' | 'invitation link';

/**
 * The key of one purpose, derived from a shared secret (HMAC-SHA256 with the purpose as its label). The anti-forgery
 * cookie signs whatever session id a client sends: under one key with the invitation links, a client that sent
 * `SESSION-ID: invitation` was handed a string that passed as an invitation token.
 */
export function purposeKey(secret: string, purpose: KeyPurpose): string {
  return createHmac('sha256', secret).update(`courtside key for: ${purpose}`).digest('base64url');
}
