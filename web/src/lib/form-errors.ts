import type { ApiIssue } from './http';

/**
 * Spreads the issues of a `400 {error, issues}` answer over a form: an issue whose path (joined with
 * '.') is in `fields` goes to that field; the others are returned as `rest` for a general message.
 * Only the first issue per field is kept.
 */
export function matchIssues<F extends string>(
  issues: readonly ApiIssue[],
  fields: Readonly<Record<string, F>>,
): { fields: { name: F; message: string }[]; rest: string[] } {
  const matched = new Map<F, string>();
  const rest: string[] = [];
  for (const issue of issues) {
    const name = fields[issue.path.join('.')];
    if (name === undefined) rest.push(issue.message);
    else if (!matched.has(name)) matched.set(name, issue.message);
  }
  return { fields: [...matched].map(([name, message]) => ({ name, message })), rest };
}
