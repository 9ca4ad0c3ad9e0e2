import { replace, type RouteObject } from 'react-router-dom';
import { Redirecting } from '../../../components/layout/Redirecting';
import { GUARDS, type GuardLoader } from '../../../lib/guards';
import { pagePath, toLocale } from '../../../lib/locale';

/** `/audit/{locale}/{companyId}` (managers); `app/router.tsx` adds the locale loader. */
export function auditRoutes(guard: GuardLoader): RouteObject[] {
  const managerArea = guard(GUARDS.manager);
  return [
    {
      // No company given: the manager's first company.
      index: true,
      loader: async (args) => {
        const facts = await managerArea(args);
        const first = facts.companies?.[0];
        return replace(
          first
            ? pagePath('audit', toLocale(args.params.locale), first.id)
            : pagePath('company', toLocale(args.params.locale), 'onboarding'),
        );
      },
      Component: Redirecting,
    },
    {
      path: ':companyId',
      loader: managerArea,
      lazy: async () => ({ Component: (await import('../components/AuditPage')).AuditPage }),
    },
  ];
}
