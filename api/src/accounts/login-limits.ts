import ipaddr from 'ipaddr.js';
import type { RateLimit } from './rate-limit.ts';

const MINUTE = 60_000;

/**
 * Sign-in throttling after OWASP ASVS V2.2.1, in three layers:
 * - per account and address: 5 failures, then a wait of 1 minute that doubles with every further failure (at most
 *   15), forgotten after a day without failures. This is the one a person meets; it locks out only the address
 *   that failed, never the account for others, nor others behind the same address.
 * - per account: 20 failures in 15 minutes from anywhere, against guessing from many addresses. One address alone
 *   cannot reach it (its backoff allows about 8 tries in 15 minutes).
 * - per address: 100 failures in 15 minutes, against one address trying many accounts; large, because many people
 *   can share an address (an office, a club house, a carrier's NAT).
 * A successful sign-in takes its attempt back and clears the account-and-address count.
 */
export function loginLimits(email: string, ip: string): { pair: RateLimit; all: RateLimit[] } {
  const address = addressKey(ip);
  const pair: RateLimit = {
    key: `login:account-address:${email}|${address}`,
    max: 5,
    windowMs: 24 * 60 * MINUTE,
    backoff: { baseMs: MINUTE, maxMs: 15 * MINUTE },
  };
  return {
    pair,
    all: [
      pair,
      { key: `login:account:${email}`, max: 20, windowMs: 15 * MINUTE },
      { key: `login:address:${address}`, max: 100, windowMs: 15 * MINUTE },
    ],
  };
}

/**
 * Forgot-password requests (DESIGN.md §15): 5 per email and 20 per address in an hour, counted alike for addresses
 * with and without an account, so the limit tells nothing either. They keep a person's mailbox from being flooded
 * and the mail server from being used against anyone.
 */
export function forgotLimits(email: string, ip: string): RateLimit[] {
  return [
    { key: `forgot:email:${email}`, max: 5, windowMs: 60 * MINUTE },
    { key: `forgot:address:${addressKey(ip)}`, max: 20, windowMs: 60 * MINUTE },
  ];
}

/**
 * Verification codes (DESIGN.md §19 "Codes"), per account: 5 codes mailed in 15 minutes, whether asked for with
 * `code` or by signing in unverified; and 5 wrong codes lock the account's verification for 15 minutes from the fifth,
 * whatever new codes are mailed meanwhile (a new code used to start a new budget of guesses). The wrong codes are
 * forgotten after 15 minutes without one.
 */
export const codeMailLimit = (accountId: string): RateLimit => ({
  key: `code:${accountId}`,
  max: 5,
  windowMs: 15 * MINUTE,
});
export const wrongCodeLimit = (accountId: string): RateLimit => ({
  key: `verify:${accountId}`,
  max: 5,
  windowMs: 15 * MINUTE,
  backoff: { baseMs: 15 * MINUTE, maxMs: 15 * MINUTE },
});

/** Sign-ups per network address in 15 minutes, as many as the failed sign-ins it allows: each costs a hash (§19). */
export const SIGN_UPS_PER_ADDRESS = 100;

/**
 * Sign-ups (DESIGN.md §19), counted alike whether or not the address has an account, so the limit tells nothing:
 * per network address (`max`, by default SIGN_UPS_PER_ADDRESS in 15 minutes), since each one costs a password hash.
 */
export function signUpLimits(ip: string, max = SIGN_UPS_PER_ADDRESS): RateLimit[] {
  return [{ key: `sign-up:address:${addressKey(ip)}`, max, windowMs: 15 * MINUTE }];
}

/**
 * Notes to the owner of an address that someone signed up with again (§19): at most 5 an hour, so sign-ups cannot
 * flood a mailbox; past that the sign-up still answers as any other, and no note is mailed.
 */
export const signUpNoteLimit = (accountId: string): RateLimit => ({
  key: `sign-up-note:${accountId}`,
  max: 5,
  windowMs: 60 * MINUTE,
});

/**
 * The address a limit counts: an IPv4 address (also when written IPv4-mapped, ::ffff:a.b.c.d), or an IPv6 /64,
 * because one IPv6 subscriber gets a whole /64 and could take a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toRFC5952String()}/64`;
}
