import { describe, expect, it } from 'vitest';
import { developmentOrigin, isLoopbackHost, isOwnOrigin } from './public-url.ts';

describe('the origin of links in development without PUBLIC_URL (DESIGN.md §19 "Links in mails")', () => {
  it('keeps a request origin whose host is a loopback name or address', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://LOCALHOST:8080',
      'http://127.0.0.1:8080',
      'http://127.8.9.10',
      'https://localhost',
      'http://[::1]:8080',
    ])
      expect({ origin, link: developmentOrigin(origin, 8080) }).toEqual({
        origin,
        link: new URL(origin).origin,
      });
  });

  it('writes this server’s loopback address for any other host, whatever the request said', () => {
    for (const origin of [
      'http://evil.example',
      'http://evil.example:8080',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://128.0.0.1:8080',
      'http://10.0.0.5:8080',
      'http://[::2]:8080',
      'http://0.0.0.0:8080',
      // A Host header that smuggles a user part, a path or a query around a loopback host.
      'http://evil.example@127.0.0.1',
      'http://127.0.0.1/evil',
      'http://127.0.0.1?evil',
      'http://',
      'javascript:alert(1)',
      'not an origin',
    ])
      expect({ origin, link: developmentOrigin(origin, 8123) }).toEqual({
        origin,
        link: 'http://127.0.0.1:8123',
      });
  });

  it('knows the loopback hosts as the URL parser writes them', () => {
    expect(['localhost', '127.0.0.1', '127.255.255.254', '[::1]', 'localhost.'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(['localhostx', '127.0.0.1.nip.io', '1.2.3.4', '[::ffff:7f00:1]x'].some(isLoopbackHost)).toBe(
      false,
    );
  });
});

describe('whether a socket’s Origin is Courtside’s own', () => {
  it('is PUBLIC_URL’s origin alone when it is set', () => {
    const publicUrl = 'https://ladders.example.org';
    expect(isOwnOrigin('https://ladders.example.org', { publicUrl, host: 'evil.example' })).toBe(true);
    expect(isOwnOrigin('http://ladders.example.org', { publicUrl, host: 'ladders.example.org' })).toBe(false);
    expect(isOwnOrigin('http://localhost:8080', { publicUrl, host: 'localhost:8080' })).toBe(false);
    expect(isOwnOrigin('https://evil.example', { publicUrl, host: 'evil.example' })).toBe(false);
  });

  it('is the request’s own host, or a loopback origin, without PUBLIC_URL', () => {
    const publicUrl = undefined;
    expect(isOwnOrigin('http://192.168.1.5:8080', { publicUrl, host: '192.168.1.5:8080' })).toBe(true);
    expect(isOwnOrigin('http://localhost:5173', { publicUrl, host: '127.0.0.1:8080' })).toBe(true);
    expect(isOwnOrigin('http://evil.example', { publicUrl, host: '127.0.0.1:8080' })).toBe(false);
    expect(isOwnOrigin('null', { publicUrl, host: '127.0.0.1:8080' })).toBe(false);
    expect(isOwnOrigin('http://evil.example', { publicUrl, host: undefined })).toBe(false);
  });
});
