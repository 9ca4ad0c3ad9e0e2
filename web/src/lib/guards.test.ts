import { describe, expect, it } from 'vitest';
import {
  decideAnonymousOnly,
  decideLogin,
  decideManager,
  decideMinimalAccount,
  firstCompanyPath,
  fromParam,
  runGuards,
  type GuardDeps,
} from './guards';

const enc = encodeURIComponent;

describe('decideLogin', () => {
  it('given a logged-out user, when a page needs login, then it goes to login with the address as from', () => {
    expect(decideLogin(false, 'en', '/company/en/?x=1')).toBe(
      `/account/en/login?from=${enc('/company/en/?x=1')}`,
    );
  });

  it('given a logged-in user, when a page needs login, then the page shows', () => {
    expect(decideLogin(true, 'en', '/company/en/')).toBeNull();
  });

  it('given a logged-out user on an account page, when it needs login, then login has no from', () => {
    expect(decideLogin(false, 'nl', '/account/nl/')).toBe('/account/nl/login');
  });
});

describe('decideAnonymousOnly', () => {
  it('given a logged-in user with a from, when opening login, then they go to from', () => {
    expect(decideAnonymousOnly(true, 'en', `/account/en/login?from=${enc('/manager/en/c1/ladders')}`)).toBe(
      '/manager/en/c1/ladders',
    );
  });

  it('given a logged-in user without from, when opening register, then they go to the account page', () => {
    expect(decideAnonymousOnly(true, 'nl', '/account/nl/register')).toBe('/account/nl/');
  });

  it('given a from on another site, when honoured, then it is ignored', () => {
    expect(decideAnonymousOnly(true, 'en', `/account/en/login?from=${enc('https://evil.example/')}`)).toBe(
      '/account/en/',
    );
  });

  it('given an anonymous user, when opening login, then the page shows', () => {
    expect(decideAnonymousOnly(false, 'en', '/account/en/login?from=/x')).toBeNull();
  });
});

describe('decideMinimalAccount', () => {
  it('given no minimal account, when a page needs one, then onboarding gets the current address as from', () => {
    expect(decideMinimalAccount(false, 'en', '/company/en/onboarding')).toBe(
      `/account/en/onboarding?from=${enc('/company/en/onboarding')}`,
    );
  });

  it('given a from already given, when sent to onboarding, then that from is kept', () => {
    expect(decideMinimalAccount(false, 'en', `/account/en/?from=${enc('/manager/en/')}`)).toBe(
      `/account/en/onboarding?from=${enc('/manager/en/')}`,
    );
  });

  it('given a minimal account, when checked, then the page shows', () => {
    expect(decideMinimalAccount(true, 'en', '/company/en/')).toBeNull();
  });
});

describe('decideManager', () => {
  it('given no companies, when checked loosely, then the company page', () => {
    expect(decideManager(0, 'en', false)).toBe('/company/en/');
  });

  it('given no companies, when checked strictly, then company onboarding', () => {
    expect(decideManager(0, 'nl', true)).toBe('/company/nl/onboarding');
  });

  it('given a company, when checked, then the page shows', () => {
    expect(decideManager(1, 'en', true)).toBeNull();
  });
});

describe('fromParam', () => {
  it('given addresses, when reading from, then only a safe from is returned', () => {
    expect(fromParam('/account/en/login?from=%2Fcompany%2Fen%2F#top')).toBe('/company/en/');
    expect(fromParam('/account/en/login')).toBeUndefined();
    expect(fromParam('/account/en/login?from=//evil')).toBeUndefined();
  });
});

describe('runGuards', () => {
  function deps(facts: { loggedIn: boolean; minimal?: boolean; companies?: number }) {
    const asked: string[] = [];
    const d: GuardDeps = {
      isLoggedIn: () => facts.loggedIn,
      hasMinimalAccount: async () => {
        asked.push('minimal');
        return facts.minimal ?? false;
      },
      getCompanies: async () => {
        asked.push('companies');
        return Array.from({ length: facts.companies ?? 0 }, (_, i) => ({ id: `c${i}`, name: `Club ${i}` }));
      },
    };
    return { d, asked };
  }

  it('given a logged-out user, when opening the manager area, then login is first and nothing is fetched', async () => {
    const { d, asked } = deps({ loggedIn: false });
    await expect(
      runGuards({ login: true, minimalAccount: true, manager: 'strict' }, 'en', '/manager/en/', d),
    ).resolves.toEqual({ redirect: `/account/en/login?from=${enc('/manager/en/')}` });
    expect(asked).toEqual([]);
  });

  it('given no minimal account, when opening the manager area, then onboarding comes before companies', async () => {
    const { d, asked } = deps({ loggedIn: true, minimal: false });
    await expect(
      runGuards({ login: true, minimalAccount: true, manager: 'strict' }, 'en', '/manager/en/', d),
    ).resolves.toEqual({ redirect: `/account/en/onboarding?from=${enc('/manager/en/')}` });
    expect(asked).toEqual(['minimal']);
  });

  it('given no companies, when opening the manager area, then company onboarding', async () => {
    const { d } = deps({ loggedIn: true, minimal: true, companies: 0 });
    await expect(
      runGuards({ login: true, minimalAccount: true, manager: 'strict' }, 'en', '/manager/en/', d),
    ).resolves.toEqual({ redirect: '/company/en/onboarding' });
  });

  it('given a manager, when opening the manager area, then the page shows with the companies', async () => {
    const { d } = deps({ loggedIn: true, minimal: true, companies: 2 });
    const outcome = await runGuards(
      { login: true, minimalAccount: true, manager: 'strict' },
      'en',
      '/manager/en/',
      d,
    );
    expect(outcome).toMatchObject({ facts: { loggedIn: true, hasMinimalAccount: true } });
    expect('facts' in outcome && outcome.facts.companies).toHaveLength(2);
  });

  it('given the minimal-account check fails (not a 404), when opening the manager area, then the error reaches the page and nothing more is asked', async () => {
    const { d, asked } = deps({ loggedIn: true });
    const failure = new Error('503 Service Unavailable');
    d.hasMinimalAccount = async () => {
      asked.push('minimal');
      throw failure;
    };
    await expect(
      runGuards({ login: true, minimalAccount: true, manager: 'strict' }, 'en', '/manager/en/', d),
    ).rejects.toBe(failure);
    expect(asked).toEqual(['minimal']);
  });

  it('given a logged-in user, when opening an anonymous-only page, then they are sent on without any call', async () => {
    const { d, asked } = deps({ loggedIn: true });
    await expect(runGuards({ anonymousOnly: true }, 'en', '/account/en/login', d)).resolves.toEqual({
      redirect: '/account/en/',
    });
    expect(asked).toEqual([]);
  });
});

describe('firstCompanyPath', () => {
  it('given companies, when a manager page has none in its address, then the first company’s page', () => {
    const companies = [
      { id: 'c 1', name: 'A' },
      { id: 'c2', name: 'B' },
    ];
    expect(firstCompanyPath(companies, 'nl', 'manager', 'ladders')).toBe('/manager/nl/c%201/ladders');
    expect(firstCompanyPath(companies, 'en', 'audit')).toBe('/audit/en/c%201');
  });

  it('given no companies, then company onboarding', () => {
    expect(firstCompanyPath([], 'en', 'manager', 'ladders')).toBe('/company/en/onboarding');
    expect(firstCompanyPath(undefined, 'en', 'audit')).toBe('/company/en/onboarding');
  });
});
