import { describe, expect, it } from 'vitest';
import { loadDateLocale } from './date-locales';
import { formatDay, formatMoment } from './dates';

describe('dates', () => {
  it('formats days in English and, once its names are loaded, in Dutch', async () => {
    expect(formatDay('2025-05-01', 'en')).toBe('1 May 2025');
    expect(formatDay('2025-10-01', 'nl')).toBe('1 Oct 2025');
    await loadDateLocale('nl');
    expect(formatDay('2025-10-01', 'nl')).toBe('1 okt. 2025');
    expect(formatDay('2025-05-01', 'nl')).toBe('1 mei 2025');
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
  });

  it('formats moments in local time', () => {
    expect(formatMoment('2025-03-04T09:07:00', 'en')).toBe('4 Mar 2025, 09:07');
  });
});
