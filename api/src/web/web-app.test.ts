import { describe, expect, it } from 'vitest';
import { firstDataScript, localeAddedTo } from './web-app.ts';

describe('the answers a first paint is sent with', () => {
  it('are JSON that no name in them can break out of', () => {
    const data = { '/webapps/api/x': { name: '</script><script>alert(1)</script>' } };
    const script = firstDataScript(data);

    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    const json = script.slice(script.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('an address without a known locale', () => {
  it('gets the locale the app would give it: en for a missing or unknown one, the rest kept', () => {
    expect(localeAddedTo('/webapps/nope')).toBe('/webapps/nope/en/');
    expect(localeAddedTo('/webapps/nope/')).toBe('/webapps/nope/en/');
    expect(localeAddedTo('/webapps/ladders/xx/')).toBe('/webapps/ladders/en/');
    expect(localeAddedTo('/webapps/foo/bar')).toBe('/webapps/foo/en');
    expect(localeAddedTo('/webapps/account/de/settings')).toBe('/webapps/account/en/settings');
  });

  it('is left alone with a known locale, and the dev mailbox has none', () => {
    for (const path of [
      '/webapps/ladders/en/',
      '/webapps/account/nl/settings',
      '/webapps/dev/mailbox',
      '/webapps/',
    ])
      expect(localeAddedTo(path)).toBeUndefined();
  });
});
