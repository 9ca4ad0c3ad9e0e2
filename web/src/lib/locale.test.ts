import { describe, expect, it } from 'vitest';
import { isLocale, pagePath, toLocale, withLocale } from './locale';

describe('locale helpers', () => {
  it('given a supported locale, when checked, then it is accepted; others fall back to en', () => {
    expect(isLocale('nl')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(toLocale('de')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });

  it('given a page address, when switching locale, then only the locale segment changes', () => {
    expect(withLocale('/ladders/en/', 'nl')).toBe('/ladders/nl/');
    expect(withLocale('/manager/nl/c1/ladders/Summer', 'en')).toBe('/manager/en/c1/ladders/Summer');
    expect(withLocale('/ladders/fr', 'en')).toBe('/ladders/en');
  });

  it('given an address without a locale segment, when switching, then it is unchanged', () => {
    expect(withLocale('/', 'nl')).toBe('/');
    expect(withLocale('/ladders', 'nl')).toBe('/ladders');
  });

  it('given page and segments, when building a path, then segments are encoded', () => {
    expect(pagePath('ladders', 'nl')).toBe('/ladders/nl/');
    expect(pagePath('manager', 'en', 'c1', 'ladders', 'Summer 2025')).toBe(
      '/manager/en/c1/ladders/Summer%202025',
    );
  });
});
