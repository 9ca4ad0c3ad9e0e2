import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { addLiveScoringTexts } from '../../locales/live-scoring';
import { refusalsOfTheRules } from '../../lib/rule-refusals';
import { LIVE_REFUSALS, liveFailureText } from './live-refusals';

/** The live scoring rules, and the match rules whose messages they share. */
const refusalsOfTheLiveRules = () =>
  refusalsOfTheRules(readFileSync('events/src/live/decider.ts', 'utf8'), [
    readFileSync('events/src/matches/decider.ts', 'utf8'),
  ]);

describe("the live scorer's refusals", () => {
  addLiveScoringTexts(i18n);
  const t = i18n.t.bind(i18n) as Parameters<typeof liveFailureText>[1];

  it("have the scorer's text for every message the live scoring rules refuse with, and name none they lack", () => {
    const rules = refusalsOfTheLiveRules();
    expect(rules.length).toBeGreaterThan(8);
    expect(rules.filter((message) => LIVE_REFUSALS[message] === undefined)).toEqual([]);
    expect(Object.keys(LIVE_REFUSALS).filter((message) => !rules.includes(message))).toEqual([]);
  });

  it('are said in the page language; anything else as the api said it', async () => {
    expect(liveFailureText('This match is over', t)).toBe('This match is over.');
    await setLanguage('nl');
    try {
      expect(liveFailureText('This match is over', t)).toBe('Deze wedstrijd is voorbij.');
      expect(liveFailureText('This match was cancelled', t)).toBe('Deze wedstrijd is geannuleerd.');
      expect(liveFailureText('Something else', t)).toBe('Something else');
    } finally {
      await setLanguage('en');
    }
  });
});
