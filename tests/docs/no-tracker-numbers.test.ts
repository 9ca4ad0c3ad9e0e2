import { describe, expect, it } from 'vitest';
import { isCheckedFile, trackerNumbersIn } from '@courtside/infra/checks/tracker-numbers';

// The references are built from pieces, so that this file passes the check it tests.
const ISSUE = 'iss' + 'ue';
const HASH = '#';

describe('trackerNumbersIn', () => {
  it.each([
    [`A decision (${ISSUE} 12).`, `${ISSUE} 12`],
    [`${ISSUE.toUpperCase()} 3 at a glance`, `${ISSUE.toUpperCase()} 3`],
    [`As ${ISSUE}s 13 and 15 asked`, `${ISSUE}s 13`],
    [`${ISSUE} 34 item 2`, `${ISSUE} 34`],
    [`see ${ISSUE} ${HASH}41`, `${ISSUE} ${HASH}41`],
    [`fixed in ${HASH}12.`, `${HASH}12`],
    [`(${HASH}41)`, `${HASH}41`],
    [`the P` + `R ${HASH}7 did it`, `P` + `R ${HASH}7`],
  ])('finds the reference in %j', (text, reference) => {
    expect(trackerNumbersIn(text).map((found) => found.text)).toEqual([reference]);
  });

  it('gives the line and column of each', () => {
    expect(trackerNumbersIn(`first line\nsecond (${ISSUE} 9) and ${HASH}10`)).toEqual([
      { line: 2, column: 9, text: `${ISSUE} 9` },
      { line: 2, column: 22, text: `${HASH}10` },
    ]);
  });

  it.each([
    'color: #fff; background: #166534; border-color: #000',
    '--color-ink-950: #111412;',
    'given #4, when a member challenges #1, then it is issued',
    'answers HTTP 404, or 503 with Retry-After (RFC 9110), RFC 8058 one-click',
    'headlessui#3892 keeps a dialog mounted',
    'zod issues: [{ path: ["body"] }] and 3 issues found',
    'the issue at {side}.matchSets.0.score',
    'DESIGN.md §12 and §15 "Boxes"',
    'a URL such as /webapps/matches/en/#12a or an anchor #section-12',
  ])('passes clean text: %j', (text) => {
    expect(trackerNumbersIn(text)).toEqual([]);
  });
});

describe('isCheckedFile', () => {
  it.each(['api/src/app.ts', 'web/src/App.tsx', 'docs/decisions/web.md', 'package.json', '.ci/run', 'x.mjs'])(
    'reads %s',
    (path) => expect(isCheckedFile(path)).toBe(true),
  );
  it.each(['package-lock.json', 'stryker-incremental.json', 'web/dist/a.js', 'web/public/icon.png'])(
    'skips %s',
    (path) => expect(isCheckedFile(path)).toBe(false),
  );
});
