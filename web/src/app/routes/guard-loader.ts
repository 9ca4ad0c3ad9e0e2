import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { getCompanies, hasMinimalAccount } from '../../lib/account-api';
import { getCookie, readCookie } from '../../lib/cookies';
import { runGuards, type GuardFacts, type GuardSpec } from '../../lib/guards';
import { toLocale } from '../../lib/locale';
import { isLoggedIn } from '../../lib/session';
import { routerPath } from './locale-loader';

/**
 * A route loader that runs the page guards of `spec` (lib/guards.ts) and redirects when one says
 * so; otherwise it answers the facts it learned (e.g. the manager's companies) as loader data.
 */
export function guardLoader(spec: GuardSpec) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<GuardFacts> => {
    const url = new URL(request.url);
    const current = `${routerPath(url.pathname)}${url.search}`;
    const outcome = await runGuards(spec, toLocale(params.locale), current, {
      // A server render (first-paint.tsx) has no document: its request carries the cookies it may see.
      isLoggedIn: () =>
        isLoggedIn(
          typeof document === 'undefined'
            ? (name) => readCookie(request.headers.get('cookie') ?? '', name)
            : getCookie,
        ),
      hasMinimalAccount: () => hasMinimalAccount(request.signal),
      getCompanies: () => getCompanies(request.signal),
    });
    if ('redirect' in outcome) throw replace(outcome.redirect);
    return outcome.facts;
  };
}
