import { describe, expect, it } from 'vitest';
import { matchesPagePath, pagePath, webAddress } from './page-paths.ts';

describe('page paths', () => {
  it('writes a page in a locale with its segments encoded', () => {
    expect(pagePath('ladders', 'nl')).toBe('/ladders/nl/');
    expect(pagePath('manager', 'en', 'c1', 'ladders', 'Club A/B')).toBe(
      '/manager/en/c1/ladders/Club%20A%2FB',
    );
  });

  it('writes the matches page with match, event and player in that order, an empty player kept', () => {
    expect(matchesPagePath('en')).toBe('/matches/en/');
    expect(matchesPagePath('nl', { match: 'm1' })).toBe('/matches/nl/?match=m1');
    expect(matchesPagePath('en', { player: '', event: 'l 1' })).toBe('/matches/en/?event=l%201&player=');
  });

  it('puts a page under the site base', () => {
    expect(webAddress(matchesPagePath('en', { match: 'm1' }))).toBe('/webapps/matches/en/?match=m1');
  });
});
