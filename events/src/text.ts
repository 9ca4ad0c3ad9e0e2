import { z } from 'zod';

/**
 * What a stored string may hold. Postgres cannot store NUL in text or jsonb, nor a lone surrogate in jsonb, and
 * control characters in a name only hurt whoever reads it later; such a string once in the log would stop the
 * projector. So every string that enters (request bodies, query strings, paths, event payloads) is checked here.
 */
interface TextRules {
  /** Allows tab, line feed and carriage return (free text); names and ids are one line. */
  multiline: boolean;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls, DEL and C1 controls; tab, LF and CR are allowed in free text only.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ANY = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- likewise
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Says what is wrong with a string, or undefined when it may be stored. */
export function textProblem(value: string, rules: TextRules = { multiline: true }): string | undefined {
  if (value.includes('\u0000')) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text';
  if ((rules.multiline ? CONTROL_BUT_LINES : CONTROL_ANY).test(value)) {
    return rules.multiline
      ? 'Must not contain control characters'
      : 'Must be one line without control characters';
  }
  return undefined;
}

export interface TextIssue {
  path: (string | number)[];
  message: string;
  code: 'invalid_text';
}

/** Every string (and object key) below `value` that may not be stored, with where it is. */
export function findTextIssues(
  value: unknown,
  path: (string | number)[] = [],
  rules: TextRules = { multiline: true },
): TextIssue[] {
  if (typeof value === 'string') {
    const message = textProblem(value, rules);
    return message ? [{ path, message, code: 'invalid_text' }] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => findTextIssues(item, [...path, index], rules));
  }
  // Stryker disable next-line ConditionalExpression: without the typeof check a number or boolean has no entries either
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      // Stryker disable next-line ObjectLiteral: rules without `multiline` are one-line rules too
      const keyProblem = textProblem(key, { multiline: false });
      const own: TextIssue[] = keyProblem
        ? [{ path: [...path, key], message: keyProblem, code: 'invalid_text' }]
        : [];
      return [...own, ...findTextIssues(item, [...path, key], rules)];
    });
  }
  return [];
}

// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what follows, so a
// name could show text other than what it holds.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
// The Unicode line and paragraph separators: a mail or page would break the line there.
const LINE_SEPARATOR = /[\u2028\u2029]/;
// A character a reader sees: not white space, not a format or control character, not one that renders as nothing
// (zero-width spaces and joiners, fillers, variation selectors), not a mark on its own, not the blank Braille cell.
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

/**
 * What is wrong with a name or a place (DESIGN.md §19 "Text"), or undefined: one line (no control characters), no
 * bidirectional controls, no line or paragraph separators, and some visible character. The empty string passes: a
 * required field says so itself (`min(1)`), an optional one may be left blank.
 */
export function nameProblem(value: string): string | undefined {
  // Stryker disable next-line ObjectLiteral: rules without `multiline` are one-line rules too
  const stored = textProblem(value, { multiline: false });
  if (stored) return stored;
  if (BIDI_CONTROL.test(value)) return 'Must not contain text direction controls';
  if (LINE_SEPARATOR.test(value)) return 'Must be one line';
  if (value !== '' && !VISIBLE.test(value)) return 'Must contain a visible character';
  return undefined;
}

/**
 * A one-line name or place typed by people (a person's, a company's, a ladder's or a season's name, a match's
 * location): `nameProblem`'s rules.
 */
export const singleLineText = () =>
  z.string().superRefine((value, ctx) => {
    const message = nameProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
