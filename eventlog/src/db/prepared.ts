import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

const names = new Map<string, string>();

/**
 * A statement run on every command or every event, as a named prepared statement: Postgres parses and plans it once
 * per connection instead of on each call. The name is a hash of the text, so one text has one name everywhere and two
 * texts never share one. Only for the code's own SQL templates: a text built from data would be a new statement,
 * kept by each connection, every time.
 */
export function prepared(text: string, values?: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
