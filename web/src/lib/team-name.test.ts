import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { memberNames, shownName } from './team-name';

describe('names on the pages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows an erased person ("Former player" in the API) in the page’s language, and every other name as it is', async () => {
    expect(shownName('Former player')).toBe('Former player');
    expect(shownName('Ann Archer')).toBe('Ann Archer');
    await i18n.changeLanguage('nl');
    expect(shownName('Former player')).toBe('Voormalig speler');
    expect(shownName('Ann Archer')).toBe('Ann Archer');
    expect(memberNames([{ fullName: 'Ann Archer' }, { fullName: 'Former player' }])).toBe(
      'Ann Archer, Voormalig speler',
    );
  });
});
