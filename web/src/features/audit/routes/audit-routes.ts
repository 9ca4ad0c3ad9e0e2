import { replace, type RouteObject } from 'react-router-dom';
import { Redirecting } from '../../../components/layout/Redirecting';
import { GUARDS, firstCompanyPath, type GuardLoader } from '../../../lib/guards';
import { toLocale } from '../../../lib/locale';

/** `/audit/{locale}/{companyId}` (managers); `app/route-table.tsx` adds the locale loader. */
export function auditRoutes(guard: GuardLoader): RouteObject[] {
  const managerArea = guard(GUARDS.manager);
  return [
    {
      // No company given: the manager's first company.
      index: true,
      loader: async (args) =>
        replace(firstCompanyPath((await managerArea(args)).companies, toLocale(args.params.locale), 'audit')),
      Component: Redirecting,
    },
    {
      path: ':companyId',
      loader: managerArea,
      lazy: async () => ({ Component: (await import('../components/AuditPage')).AuditPage }),
    },
  ];
}
