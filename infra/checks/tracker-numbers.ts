/**
 * No tracker numbers in code, tests or docs: a newcomer cannot look up "issue N" or "#NN", so a text names the
 * behaviour or the DESIGN.md section instead. What counts as a tracker number (N stands for digits):
 * - the word issue, ticket, PR or pull request (any case, plural too) followed by a number, with or without `#`:
 *   "issue N", "Issues N and N", "(issue N)", "PR #N";
 * - a bare `#` and two digits, 10 to 99, not inside a word and not part of a longer number or name.
 * Not counted: CSS colours (`#fff`, `#000`, `#166534`: three or more characters), ladder positions "#1" to "#9",
 * HTTP statuses ("HTTP 404"), RFC numbers, an upstream project's reference such as "headlessui#3892".
 */
const TRACKER_NUMBER = /\b(?:issues?|tickets?|PRs?|pull requests?)\s+#?\d+|(?<![\w&#/-])#[1-9]\d(?![\w-])/gi;

export interface TrackerNumber {
  line: number;
  column: number;
  text: string;
}

/** Every tracker number in a text, with its line and column (both from 1). */
export function trackerNumbersIn(text: string): TrackerNumber[] {
  const found: TrackerNumber[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(TRACKER_NUMBER)) {
      found.push({ line: index + 1, column: match.index + 1, text: match[0] });
    }
  });
  return found;
}

/** The files the rule reads: code, tests, docs and CI, but not lock files or the mutation baseline. */
export function isCheckedFile(path: string): boolean {
  if (/(^|\/)(node_modules|dist)\//.test(path)) return false;
  if (path === 'package-lock.json' || path === 'stryker-incremental.json') return false;
  return /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml)$/.test(path) || path.startsWith('.ci/');
}
