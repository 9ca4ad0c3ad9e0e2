import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import refusalsNl from '../locales/refusals-nl';
import { ApiError, errorText } from './http';
import { refusalText, setLanguage } from './i18n';
import { refusalsOfTheRules } from './rule-refusals';

/** The club rules whose refusals a page shows as the api says them (a match's and the scorer's have their own). */
const AREAS = ['boxes', 'challenges', 'companies', 'ladders', 'teams', 'tournaments'];

function refusalsOfTheClubRules(): string[] {
  const files = AREAS.flatMap((area) =>
    readdirSync(`events/src/${area}`)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `events/src/${area}/${name}`),
  );
  const sources = files.map((file) => readFileSync(file, 'utf8'));
  return [...new Set(sources.flatMap((source) => refusalsOfTheRules(source, sources)))];
}

describe("the club rules' refusals in Dutch", () => {
  it('have a Dutch text for every message the rules refuse with, and none for a message they lack', () => {
    const rules = refusalsOfTheClubRules();
    expect(rules.length).toBeGreaterThan(50);
    expect(rules.filter((message) => refusalsNl[message] === undefined)).toEqual([]);
    expect(Object.keys(refusalsNl).filter((message) => !rules.includes(message))).toEqual([]);
  });

  it("are shown in the page's language once it is Dutch; an English page and any other text as the api said it", async () => {
    const refused = new ApiError({ status: 409, error: 'A ladder with an active season cannot be deleted' });
    const other = new ApiError({ status: 409, error: 'Something else' });
    expect(errorText(refused, 'failed')).toBe('A ladder with an active season cannot be deleted');
    await setLanguage('nl');
    try {
      // Loaded beside the Dutch texts, not before the page renders.
      await vi.waitFor(() =>
        expect(errorText(refused, 'mislukt')).toBe(
          'Een ladder met een actief seizoen kan niet worden verwijderd.',
        ),
      );
      expect(refusalText('A box league needs at least 3 active sides')).toBe(
        'Een poulecompetitie heeft minstens 3 actieve teams nodig.',
      );
      expect(errorText(other, 'mislukt')).toBe('Something else');
      expect(errorText(new Error('offline'), 'mislukt')).toBe('mislukt');
    } finally {
      await setLanguage('en');
    }
    expect(errorText(refused, 'failed')).toBe('A ladder with an active season cannot be deleted');
  });
});
