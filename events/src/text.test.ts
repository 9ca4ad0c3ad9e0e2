import { describe, expect, it } from 'vitest';
import { findTextIssues, nameProblem, singleLineText, textProblem } from './text.ts';

describe('text that may be stored', () => {
  it.each([
    ['plain text', 'Ann Ace', undefined],
    ['accents and emoji', 'Zoë 🎾 Ünal', undefined],
    ['a NUL character', 'a\u0000b', 'Must not contain a NUL character'],
    ['a lone high surrogate', 'a\uD800b', 'Must be valid Unicode text'],
    ['a lone low surrogate', '\uDC00', 'Must be valid Unicode text'],
    ['a high surrogate at the end', 'ab\uD83C', 'Must be valid Unicode text'],
    ['a bell', 'ring\u0007', 'Must not contain control characters'],
    ['DEL', 'x\u007F', 'Must not contain control characters'],
    ['a C1 control', 'x\u0085', 'Must not contain control characters'],
    ['tab and line breaks in free text', 'one\ttwo\r\nthree', undefined],
  ])('%s: %s', (_, text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it('allows no tab or line break in a one-line text', () => {
    expect(textProblem('two\nlines', { multiline: false })).toBe(
      'Must be one line without control characters',
    );
    expect(singleLineText().safeParse('Club\tLadder').success).toBe(false);
    expect(singleLineText().safeParse('Club Ladder').success).toBe(true);
  });

  it('finds every bad string and object key below a value, with its path', () => {
    const issues = findTextIssues({ name: 'ok', teams: [{ name: 'a\u0000' }], ['k\uD800']: 1 });

    expect(issues.map((issue) => issue.path)).toEqual([['teams', 0, 'name'], ['k\uD800']]);
  });

  it('holds every string below a value to the one-line rule when asked', () => {
    expect(findTextIssues({ q: 'two\nlines' }, ['query'], { multiline: false })).toEqual([
      { path: ['query', 'q'], message: 'Must be one line without control characters', code: 'invalid_text' },
    ]);
  });

  it('says what is wrong with a one-line text in its issue', () => {
    expect(singleLineText().safeParse('a\nb').error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', message: 'Must be one line without control characters' }),
    ]);
  });

  it('checks free text by default, and object keys as one line, and passes over numbers and nulls', () => {
    expect(findTextIssues({ text: 'tab\tand\nbreak', count: 3, none: null, list: [null, 1] })).toEqual([]);
    expect(findTextIssues({ 'two\nlines': 'ok' })).toEqual([
      { path: ['two\nlines'], message: 'Must be one line without control characters', code: 'invalid_text' },
    ]);
  });
});

describe('names and places (DESIGN.md §19 "Text")', () => {
  it.each([
    ['a plain name', 'TC Tilburg', undefined],
    ['accents, emoji and other scripts', 'Zoë 🎾 Ünal 北京 Ελλάδα', undefined],
    ['a name with a zero-width joiner inside an emoji', 'Team 👩\u200D👩\u200D👧', undefined],
    ['right-to-left script without controls', 'نادي التنس', undefined],
    ['left blank (an optional field)', '', undefined],
    ['a line feed', 'Club\nDear member, click here', 'Must be one line without control characters'],
    ['a carriage return', 'Club\rX', 'Must be one line without control characters'],
    ['a tab', 'Club\tX', 'Must be one line without control characters'],
    ['U+202E right-to-left override', 'Club \u202Egpj.exe', 'Must not contain text direction controls'],
    ['U+202A left-to-right embedding', '\u202AClub', 'Must not contain text direction controls'],
    ['U+2066 left-to-right isolate', 'Club\u2066x', 'Must not contain text direction controls'],
    ['U+2069 pop directional isolate', 'Club\u2069', 'Must not contain text direction controls'],
    ['U+2028 line separator', 'Club\u2028Second line', 'Must be one line'],
    ['U+2029 paragraph separator', 'Club\u2029Second paragraph', 'Must be one line'],
    ['only spaces', '   ', 'Must contain a visible character'],
    ['only a no-break and an ideographic space', '\u00A0\u3000', 'Must contain a visible character'],
    ['only zero-width characters', '\u200B\u200C\u200D\uFEFF\u2060', 'Must contain a visible character'],
    ['only a Hangul filler', '\u3164', 'Must contain a visible character'],
    ['only a blank Braille cell', '\u2800\u2800', 'Must contain a visible character'],
    ['only combining marks', '\u0301\u0308', 'Must contain a visible character'],
    ['only a soft hyphen and a variation selector', '\u00AD\uFE0F', 'Must contain a visible character'],
  ])('%s', (_, text, problem) => {
    expect(nameProblem(text)).toBe(problem);
    expect(singleLineText().safeParse(text).success).toBe(problem === undefined);
  });
});
