import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { refusalsOfTheRules } from '../../lib/rule-refusals';
import { MATCH_REFUSALS, matchRefusalText } from './match-refusals';

/** The match rules' refusals (the live scorer's are its own). */
const refusalsOfTheMatchRules = () =>
  refusalsOfTheRules(readFileSync('events/src/matches/decider.ts', 'utf8'));

describe("a match's refusals", () => {
  it("have the page's text for every message the match rules refuse with", () => {
    const rules = refusalsOfTheMatchRules();
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.filter((message) => MATCH_REFUSALS[message] === undefined)).toEqual([]);
  });

  it('name no message the rules do not have', () => {
    const rules = refusalsOfTheMatchRules();
    expect(Object.keys(MATCH_REFUSALS).filter((message) => !rules.includes(message))).toEqual([]);
  });

  it('are said in the page language, and anything else is left to the caller', async () => {
    expect(matchRefusalText('This match was cancelled')).toBe('This match was cancelled.');
    await setLanguage('nl');
    try {
      expect(matchRefusalText('This match was cancelled')).toBe('Deze wedstrijd is geannuleerd.');
      expect(matchRefusalText('Too many changes at once')).toBeUndefined();
    } finally {
      await setLanguage('en');
    }
    expect(i18n.language).toBe('en');
  });
});
