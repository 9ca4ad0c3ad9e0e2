import type { LoaderFunctionArgs } from 'react-router-dom';
import { pagePath, type Locale } from './locale';
import { loginPath, sanitizeFrom } from './session';

/**
 * Page guards (spec §4 "Guards", §6). Each decision is a pure function: it gets the facts and
 * answers a router path to go to instead, or null to let the page show. `runGuards` asks for the
 * facts only when a guard needs them, in the order login → minimal account → companies.
 */

type Redirect = string | null;

/** The `from` query parameter of a router path, when it holds a safe address. */
export function fromParam(routerPath: string): string | undefined {
  const q = routerPath.indexOf('?');
  if (q < 0) return undefined;
  const hash = routerPath.indexOf('#', q);
  const search = routerPath.slice(q + 1, hash < 0 ? undefined : hash);
  return sanitizeFrom(new URLSearchParams(search).get('from'));
}

/** A page needing login: not logged in → login, with the current address as `from`. */
export function decideLogin(loggedIn: boolean, locale: Locale, current: string): Redirect {
  return loggedIn ? null : loginPath(locale, current);
}

/** A page for anonymous users only (login, register): logged in → `from`, else the account page. */
export function decideAnonymousOnly(loggedIn: boolean, locale: Locale, current: string): Redirect {
  if (!loggedIn) return null;
  return fromParam(current) ?? pagePath('account', locale);
}

/**
 * No minimal account → onboarding, with `from` = the `from` already given, else the current address.
 */
export function decideMinimalAccount(hasMinimal: boolean, locale: Locale, current: string): Redirect {
  if (hasMinimal) return null;
  const from = fromParam(current) ?? sanitizeFrom(current);
  const base = pagePath('account', locale, 'onboarding');
  return from ? `${base}?${new URLSearchParams({ from }).toString()}` : base;
}

/**
 * No companies → the company page; with the stricter check (the manager area) → its onboarding
 * sub-page, where the first company is created.
 */
export function decideManager(companyCount: number, locale: Locale, strict: boolean): Redirect {
  if (companyCount > 0) return null;
  return strict ? pagePath('company', locale, 'onboarding') : pagePath('company', locale);
}

/**
 * A manager page opened without a company (`/manager/{l}/`, `/audit/{l}/`): the same page of the
 * manager's first company (spec §2 "App shell"), or company onboarding when there is none.
 */
export function firstCompanyPath(
  companies: GuardFacts['companies'],
  locale: Locale,
  page: string,
  ...tail: string[]
): string {
  const first = companies?.[0];
  return first ? pagePath(page, locale, first.id, ...tail) : pagePath('company', locale, 'onboarding');
}

export interface GuardSpec {
  /** Logged-in users are sent on (login, register, verify). */
  anonymousOnly?: boolean;
  login?: boolean;
  minimalAccount?: boolean;
  /** `'any'`: no companies → company page; `'strict'`: → company onboarding. */
  manager?: 'any' | 'strict';
}

/** The guards of the pages (spec §4 "Guards"); each feature's routes pick theirs. */
export const GUARDS = {
  anonymousOnly: { anonymousOnly: true },
  signedIn: { login: true },
  withMinimalAccount: { login: true, minimalAccount: true },
  manager: { login: true, minimalAccount: true, manager: 'strict' },
} as const satisfies Record<string, GuardSpec>;

/**
 * Makes the route loader that runs the guards of a spec (the app's `guardLoader`); handed to each
 * feature's routes, so features do not import the app.
 */
export type GuardLoader = (spec: GuardSpec) => (args: LoaderFunctionArgs) => Promise<GuardFacts>;

export interface GuardFacts {
  loggedIn: boolean;
  hasMinimalAccount?: boolean;
  /** Loaded when the manager check ran; handy for the page (no second call). */
  companies?: { id: string; name: string }[];
}

export interface GuardDeps {
  isLoggedIn(): boolean;
  hasMinimalAccount(): Promise<boolean>;
  getCompanies(): Promise<{ id: string; name: string }[]>;
}

type GuardOutcome = { redirect: string } | { facts: GuardFacts };

/** Runs the guards of `spec` for the page at `current` (router path with search). */
export async function runGuards(
  spec: GuardSpec,
  locale: Locale,
  current: string,
  deps: GuardDeps,
): Promise<GuardOutcome> {
  const facts: GuardFacts = { loggedIn: deps.isLoggedIn() };
  if (spec.anonymousOnly) {
    const to = decideAnonymousOnly(facts.loggedIn, locale, current);
    if (to) return { redirect: to };
  }
  const needsLogin = spec.login || spec.minimalAccount || spec.manager !== undefined;
  if (needsLogin) {
    const to = decideLogin(facts.loggedIn, locale, current);
    if (to) return { redirect: to };
  }
  if (spec.minimalAccount) {
    facts.hasMinimalAccount = await deps.hasMinimalAccount();
    const to = decideMinimalAccount(facts.hasMinimalAccount, locale, current);
    if (to) return { redirect: to };
  }
  if (spec.manager) {
    facts.companies = await deps.getCompanies();
    const to = decideManager(facts.companies.length, locale, spec.manager === 'strict');
    if (to) return { redirect: to };
  }
  return { facts };
}
