import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Mode } from '../config.ts';

/** DESIGN.md §18: an endpoint's address is at most this long. */
export const WEBHOOK_URL_MAX_LENGTH = 2_000;

/**
 * Where an address points, as the SSRF guard sees it: the public internet, this machine, or a network it must not
 * reach from outside (private, link-local with the clouds' metadata service, CGNAT, unique-local, and every other
 * special range: multicast, reserved, documentation, the IPv6 forms that carry an IPv4 address inside).
 */
export type AddressClass = 'public' | 'loopback' | 'internal';

export function classifyAddress(address: string): AddressClass {
  let parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  // ::ffff:10.0.0.1 is 10.0.0.1 to the kernel.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'loopback') return 'loopback';
  return range === 'unicast' ? 'public' : 'internal';
}

/** Why an address may not be called, or undefined when it may (development also allows this machine). */
export function addressRefusal(address: string, mode: Mode): string | undefined {
  const kind = classifyAddress(address);
  if (kind === 'public' || (kind === 'loopback' && mode === 'development')) return undefined;
  return kind === 'loopback'
    ? `The address resolves to this machine (${address})`
    : `The address resolves to a private, link-local or other internal address (${address})`;
}

export class WebhookUrlRefused extends Error {}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

export const resolveAll: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The URL, parsed, or the reason it cannot be an endpoint, without looking the host up. */
export function webhookUrlShape(text: string, mode: Mode): URL {
  if (text.length > WEBHOOK_URL_MAX_LENGTH)
    throw new WebhookUrlRefused(`The address is longer than ${WEBHOOK_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlRefused('Give an absolute address such as https://club.example/courtside');
  }
  const schemes = mode === 'production' ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    throw new WebhookUrlRefused(
      mode === 'production' ? 'The address must start with https://' : 'The address must be http(s)',
    );
  if (url.username || url.password)
    throw new WebhookUrlRefused('The address may not hold a user or password');
  return url;
}

/**
 * Every address the host resolves to (IPv4 and IPv6) must be allowed: checked at registration, before each
 * delivery, and when the sender opens a connection (`guardedLookup`).
 */
export function checkedAddresses(url: URL, mode: Mode, resolve: Resolve = resolveAll) {
  return checkedHostAddresses(url.hostname.replace(/^\[|\]$/g, ''), mode, resolve);
}

async function checkedHostAddresses(host: string, mode: Mode, resolve: Resolve): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = ipaddr.isValid(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await resolve(host);
  } catch {
    throw new WebhookUrlRefused(`The host ${host} cannot be found`);
  }
  if (addresses.length === 0) throw new WebhookUrlRefused(`The host ${host} cannot be found`);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, mode);
    if (refusal) throw new WebhookUrlRefused(refusal);
  }
  return addresses;
}

/**
 * The `lookup` of the sender's keep-alive agents: every connection they open goes to an address the guard allowed
 * a moment before, whatever the resolver said when the delivery was checked (DNS rebinding), and a connection that
 * is reused was opened that way.
 */
export function guardedLookup(mode: Mode, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    checkedHostAddresses(hostname, mode, resolve).then(
      (checked) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? checked.filter((a) => a.family === family) : checked;
        if (addresses.length === 0)
          return callback(new WebhookUrlRefused(`The host ${hostname} has no IPv${family} address`), '');
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

/** The URL of an endpoint, or `WebhookUrlRefused` with the reason. */
export async function checkWebhookUrl(text: string, mode: Mode, resolve: Resolve = resolveAll): Promise<URL> {
  const url = webhookUrlShape(text, mode);
  await checkedAddresses(url, mode, resolve);
  return url;
}
