import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkWebhookUrl,
  classifyAddress,
  guardedLookup,
  WebhookUrlRefused,
  type Resolve,
} from './url-guard.ts';

describe('the webhooks’ SSRF guard (DESIGN.md §18)', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'internal'],
    ['172.16.5.4', 'internal'],
    ['192.168.1.1', 'internal'],
    ['169.254.169.254', 'internal'],
    ['100.64.0.1', 'internal'],
    ['100.100.100.200', 'internal'],
    ['0.0.0.0', 'internal'],
    ['224.0.0.1', 'internal'],
    ['fe80::1', 'internal'],
    ['fd00:ec2::254', 'internal'],
    ['fc00::1', 'internal'],
    ['::ffff:10.0.0.1', 'internal'],
    ['::ffff:169.254.169.254', 'internal'],
    ['::ffff:a9fe:a9fe', 'internal'],
    ['::', 'internal'],
    ['64:ff9b::a00:1', 'internal'],
    ['2002:a00:1::', 'internal'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('production refuses this machine as well; development allows it and nothing more', () => {
    expect(addressRefusal('127.0.0.1', 'production')).toMatch(/this machine/);
    expect(addressRefusal('::1', 'development')).toBeUndefined();
    expect(addressRefusal('10.1.2.3', 'development')).toMatch(/private/);
    expect(addressRefusal('93.184.216.34', 'production')).toBeUndefined();
  });

  const refusal = (
    url: string,
    mode: 'production' | 'development',
    addresses: string[] = ['93.184.216.34'],
  ) =>
    checkWebhookUrl(url, mode, async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    ).then(
      () => undefined,
      (error: unknown) =>
        error instanceof WebhookUrlRefused ? error.message : `unexpected ${String(error)}`,
    );

  it('checks every address a host resolves to, IPv4 and IPv6', async () => {
    expect(await refusal('https://hooks.club.example/in', 'production')).toBeUndefined();
    expect(
      await refusal('https://hooks.club.example/in', 'production', ['93.184.216.34', 'fd12:3456::1']),
    ).toMatch(/internal/);
    expect(await refusal('https://hooks.club.example/in', 'production', ['::ffff:192.168.0.7'])).toMatch(
      /internal/,
    );
    expect(await refusal('https://hooks.club.example/in', 'production', [])).toMatch(/cannot be found/);
  });

  it('takes https only in production, no user in the address, and at most 2,000 characters', async () => {
    expect(await refusal('http://hooks.club.example/in', 'production')).toMatch(/https/);
    expect(await refusal('http://127.0.0.1:8123/in', 'development', ['127.0.0.1'])).toBeUndefined();
    expect(await refusal('https://[::1]/in', 'production')).toMatch(/this machine/);
    expect(await refusal('https://169.254.169.254/latest/meta-data', 'production')).toMatch(/internal/);
    expect(await refusal('https://user:pw@hooks.club.example/', 'production')).toMatch(/user or password/);
    expect(await refusal(`https://hooks.club.example/${'a'.repeat(2_000)}`, 'production')).toMatch(/2000/);
    expect(await refusal('ftp://hooks.club.example/', 'development')).toMatch(/http/);
  });

  it('lets a kept-alive agent connect only to an address it allows, whatever the resolver answers by then', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    // The host checked out as public a moment ago; by the time a connection is opened it points here (rebinding).
    const rebound: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const get = (mode: 'production' | 'development') => {
      const agent = new http.Agent({ keepAlive: true, lookup: guardedLookup(mode, rebound) });
      return new Promise<string>((resolve) => {
        http
          .get(`http://hooks.club.example:${port}/in`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(`answered ${response.statusCode}`));
          })
          .on('error', (error) => resolve(error.message))
          .on('close', () => agent.destroy());
      });
    };
    try {
      expect(await get('production')).toMatch(/this machine/);
      expect(await get('development')).toBe('answered 200');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
