import { describe, expect, it } from 'vitest';
import { webcalUrl } from './webcal';

describe('webcal addresses of calendar feeds', () => {
  it('turns an http or https feed into a webcal subscription, keeping host, port, path and query', () => {
    expect(webcalUrl('https://club.test/webapps/api/matches/api/v1/calendar/abc.ics')).toBe(
      'webcal://club.test/webapps/api/matches/api/v1/calendar/abc.ics',
    );
    expect(webcalUrl('http://127.0.0.1:8080/x.ics?a=1')).toBe('webcal://127.0.0.1:8080/x.ics?a=1');
  });

  it('refuses anything that is not an http(s) address', () => {
    expect(webcalUrl('javascript:alert(1)')).toBeNull();
    expect(webcalUrl('/relative.ics')).toBeNull();
    expect(webcalUrl('')).toBeNull();
  });
});
