import type { RouteObject } from 'react-router-dom';

/** `/accessibility/{locale}/` (DESIGN.md §14, public); `app/route-table.tsx` adds the locale loader. */
export const accessibilityRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../components/AccessibilityPage')).AccessibilityPage,
    }),
  },
];
