import { describe, expect, it } from 'vitest';
import { Translations } from './translations';

function translations() {
  return new Translations({ language: 'en', fallbackLanguage: 'en' })
    .addResourceBundle('en', 'translation', {
      greeting: 'Hello {{name}}',
      only: 'English only',
      teams: { count_one: '{{count}} team', count_other: '{{count}} teams' },
      below: 'At least {{count}} matches',
      kinds: { 'challenge.received': 'I am challenged', challenge: { other: 'nested' } },
    })
    .addResourceBundle('nl', 'translation', {
      greeting: 'Hallo {{ name }}',
      teams: { count_one: '{{count}} team', count_other: '{{count}} teams' },
    });
}

describe('translations', () => {
  it('fills placeholders, with nothing for a missing value', () => {
    const i18n = translations();
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(i18n.t('greeting')).toBe('Hello ');
    expect(i18n.getFixedT('nl')('greeting', { name: 0 })).toBe('Hallo 0');
  });

  it('chooses the plural form by count, and the key itself when the texts have no forms', () => {
    const t = translations().getFixedT('en');
    expect(t('teams.count', { count: 1 })).toBe('1 team');
    expect(t('teams.count', { count: 0 })).toBe('0 teams');
    expect(t('teams.count', { count: 2 })).toBe('2 teams');
    expect(t('below', { count: 1 })).toBe('At least 1 matches');
  });

  it('finds a key that itself holds a dot', () => {
    const t = translations().getFixedT('nl');
    expect(t('kinds.challenge.received')).toBe('I am challenged');
    expect(t('kinds.challenge.other')).toBe('nested');
    expect(t('kinds.toString')).toBe('kinds.toString');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    const t = translations().getFixedT('nl');
    expect(t('only')).toBe('English only');
    expect(t('missing.key', { defaultValue: 'planned' })).toBe('planned');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('teams')).toBe('teams');
  });

  it('reads another namespace by prefix and merges added texts without losing the others', () => {
    const i18n = translations();
    i18n.addResourceBundle('en', 'timeline', { status: { planned: 'planned' } });
    i18n.addResourceBundle('en', 'translation', { live: { title: 'Live' }, greeting: 'ignored' });
    expect(i18n.t('timeline:status.planned')).toBe('planned');
    expect(i18n.hasResourceBundle('en', 'timeline')).toBe(true);
    expect(i18n.hasResourceBundle('nl', 'timeline')).toBe(false);
    expect(i18n.t('live.title')).toBe('Live');
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hello Ada');
    i18n.addResourceBundle('en', 'translation', { greeting: 'Hi {{name}}' }, true, true);
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hi Ada');
    expect(i18n.exists('live.title', { lng: 'nl' })).toBe(true);
    expect(i18n.exists('live.nothing')).toBe(false);
  });

  it('tells listeners of a language change once, and a clone keeps a language of its own', async () => {
    const i18n = translations();
    const heard: string[] = [];
    const stop = i18n.subscribe((language) => heard.push(language));
    const clone = i18n.cloneInstance({ lng: 'nl' });
    await i18n.changeLanguage('nl');
    await i18n.changeLanguage('nl');
    stop();
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['nl']);
    expect(i18n.language).toBe('en');
    expect(clone.t('greeting', { name: 'Ada' })).toBe('Hallo Ada');
    await clone.changeLanguage('en');
    expect(i18n.t('greeting', { name: 'Ada' })).toBe('Hello Ada');
  });
});
