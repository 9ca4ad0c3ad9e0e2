import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import type { Location } from 'react-router-dom';
import { createHttpClient } from '../lib/http';
import { EXPIRE_COOKIE, LOGGED_IN_COOKIE, REFRESH_PATH, createSession } from '../lib/session';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { sessionPlace, type SessionRouter } from './session';

const NOW = 1_700_000_000_000;

function location(path: string): Location {
  const url = new URL(path, 'http://courtside.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' };
}

function routerAt(path: string, goingTo?: string): SessionRouter {
  return {
    state: { location: location(path), navigation: { location: goingTo ? location(goingTo) : undefined } },
    navigate: () => Promise.resolve(),
  };
}

describe('where the session says the user is', () => {
  it('given no router yet, when asked, then it is the address the browser loaded, without the basename', () => {
    const place = sessionPlace(
      () => undefined,
      () => location('/webapps/manager/nl/c1/ladders?tab=season#top'),
    );
    expect(place.currentPath()).toBe('/manager/nl/c1/ladders?tab=season#top');
    expect(place.locale()).toBe('nl');
  });

  it('given a router, when asked, then it is where the router is going, else where it is', () => {
    // The router's locations keep the basename.
    const loaded = () => location('/webapps/ladders/en/');
    const there = sessionPlace(() => routerAt('/webapps/audit/nl/c1'), loaded);
    expect(there.currentPath()).toBe('/audit/nl/c1');
    expect(there.locale()).toBe('nl');
    const going = sessionPlace(
      () => routerAt('/webapps/audit/en/c1', '/webapps/account/nl/preferences'),
      loaded,
    );
    expect(going.currentPath()).toBe('/account/nl/preferences');
    expect(going.locale()).toBe('nl');
  });
});

describe('the first loaders of a page opened with an expired access token', () => {
  it('given no router yet, when the loaders call at once, then one refresh goes out first, in the page language, and both wait for it', async () => {
    const cookies = new Map([
      ['XSRF-TOKEN', 'xsrf-1'],
      [LOGGED_IN_COOKIE, 'true'],
      [EXPIRE_COOKIE, String(NOW - 20 * 60_000)],
    ]);
    const sent: string[] = [];
    let answerRefresh: () => void = () => {};
    const fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      sent.push(url);
      if (url.startsWith(REFRESH_PATH)) {
        await new Promise<void>((resolve) => (answerRefresh = resolve));
        cookies.set(EXPIRE_COOKIE, String(NOW + 15 * 60_000));
      }
      return new Response('true', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const store = createStore();
    const getCookie = (name: string) => cookies.get(name);
    const place = sessionPlace(
      () => undefined,
      () => location('/webapps/manager/nl/'),
    );
    const session = createSession({
      http: createHttpClient({ fetch, store, getCookie }),
      getCookie,
      now: () => NOW,
      locale: place.locale,
      currentPath: place.currentPath,
      navigate: () => {},
    });
    const app = createHttpClient({ fetch, store, getCookie });
    app.addInterceptor(session.interceptor);

    const loaders = Promise.all([
      app.request('GET', `${ACCOUNT_API}/account/hasminimalaccount`),
      app.request('GET', `${ACCOUNT_API}/companies`),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([`${REFRESH_PATH}?language=nl`]);
    answerRefresh();
    await loaders;
    expect(sent).toEqual([
      `${REFRESH_PATH}?language=nl`,
      `${ACCOUNT_API}/account/hasminimalaccount`,
      `${ACCOUNT_API}/companies`,
    ]);
  });
});
