import type { Context } from 'koa';
import type { AppServices } from '../module.ts';

/**
 * The absolute address of a path for links that leave the browser (mails, calendar feeds): under PUBLIC_URL when it
 * is set (production refuses to start without it: config.ts). In development without it, under the request's own
 * origin only when that names this machine, else under `http://127.0.0.1:{port}` (DESIGN.md §19 "Links in mails"):
 * the Host header is the client's to write, and a forged one must never reach a mail.
 */
export function publicUrlOf(ctx: Context, services: Pick<AppServices, 'publicUrl'>, path: string): string {
  return `${services.publicUrl ?? developmentOrigin(`${ctx.protocol}://${ctx.host}`, ctx.req.socket.localPort)}${path}`;
}

/**
 * The origin of links in development without PUBLIC_URL: `requestOrigin` (protocol and Host of the request) when its
 * host is a loopback name or address, else this server's own loopback address.
 */
export function developmentOrigin(requestOrigin: string, serverPort: number | undefined): string {
  const origin = loopbackOrigin(requestOrigin);
  return origin ?? `http://127.0.0.1:${serverPort ?? 8080}`;
}

/** `origin` written canonically when it is a bare http(s) origin on a loopback host; undefined otherwise. */
export function loopbackOrigin(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  // A Host header may carry anything Node lets through: a user part, a path, a query. Only a bare origin counts.
  const bare =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !origin.endsWith('/');
  return bare && isLoopbackHost(url.hostname) ? url.origin : undefined;
}

/** `localhost`, an address of 127.0.0.0/8 or `::1`, as the WHATWG URL parser writes a hostname. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  // The URL parser has already written every IPv4 form (127.1, 0x7f.1, 2130706433) as four decimals.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Whether a socket's `Origin` is Courtside's own: the origin of PUBLIC_URL when it is set; else (development) the
 * request's own `http(s)://{Host}`, or any loopback origin (the dev server of the web app runs on another port).
 */
export function isOwnOrigin(
  origin: string,
  { publicUrl, host }: { publicUrl: string | undefined; host: string | undefined },
): boolean {
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  if (given.origin === 'null') return false;
  if (publicUrl) return given.origin === new URL(publicUrl).origin;
  if (loopbackOrigin(given.origin)) return true;
  return host !== undefined && given.host === host.toLowerCase();
}
