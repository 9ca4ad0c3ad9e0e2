/**
 * Reads one cookie out of a `document.cookie`-style string ("a=1; b=2").
 * Returns undefined when the cookie is absent. Values are percent-decoded when possible.
 */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    try {
      return decodeURIComponent(unquoted);
    } catch {
      return unquoted;
    }
  }
  return undefined;
}

/** The cookies a server render sees (first-paint.tsx): only ever `courtside.loggedin`, never a session's secrets. */
let serverCookies = '';

/** Runs a synchronous server render that sees `cookieHeader` as the document's cookies (first-paint.tsx). */
export function renderWithCookies<T>(cookieHeader: string, render: () => T): T {
  serverCookies = cookieHeader;
  try {
    return render();
  } finally {
    serverCookies = '';
  }
}

/** Reads a cookie of the current document; outside a browser, of the server render in progress (else undefined). */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return readCookie(serverCookies, name);
  return readCookie(document.cookie, name);
}
