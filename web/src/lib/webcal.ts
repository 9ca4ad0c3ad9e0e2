/**
 * The `webcal:` address of a calendar feed (DESIGN.md §6): calendar apps open it as a subscription that
 * updates by itself, where the `http(s):` address would download the file once. Null for anything else.
 */
export function webcalUrl(feedUrl: string): string | null {
  const found = /^https?:\/\/(.+)$/i.exec(feedUrl.trim());
  return found ? `webcal://${found[1]}` : null;
}
