import type { RouteObject } from 'react-router-dom';
import { GUARDS, type GuardLoader } from '../../../lib/guards';

/** `/company/{locale}/…`; `app/route-table.tsx` adds the locale loader. */
export function companyRoutes(guard: GuardLoader): RouteObject[] {
  return [
    {
      index: true,
      loader: guard(GUARDS.withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../components/CompanyPage')).CompanyPage,
      }),
    },
    {
      path: 'onboarding',
      loader: guard(GUARDS.withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../components/CompanyOnboardingPage')).CompanyOnboardingPage,
      }),
    },
  ];
}
