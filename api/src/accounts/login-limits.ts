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
