import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberNames, shownName } from './team-name';

/** The document's language, as lib/i18n.ts sets it. */
const pageIn = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

describe('names on the pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows an erased person ("Former player" in the API) in the page’s language, and every other name as it is', () => {
    expect(shownName('Former player')).toBe('Former player'); // no document (a first paint on the server)
    pageIn('en');
    expect(shownName('Former player')).toBe('Former player');
    expect(shownName('Ann Archer')).toBe('Ann Archer');
    pageIn('nl');
    expect(shownName('Former player')).toBe('Voormalig speler');
    expect(shownName('Ann Archer')).toBe('Ann Archer');
    expect(memberNames([{ fullName: 'Ann Archer' }, { fullName: 'Former player' }])).toBe(
      'Ann Archer, Voormalig speler',
    );
  });
});
