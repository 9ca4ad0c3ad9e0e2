import type { FirstDataLoader } from '../../../lib/first-data';
import { matchesPageView } from '../page-filter';
import { fetchFirstMatchesPage } from './matches';

/**
 * The widget's answers for its first paint (lib/first-data.ts): the first page of each of its lists, the ladder's
 * upcoming matches and its recent results (components/WidgetPage.tsx).
 */
export const widgetFirstData: FirstDataLoader = async (request) => {
  const view = matchesPageView(request.url.searchParams);
  if (view.kind !== 'filtered' || !view.eventId) return;
  const tags = [view.eventId];
  await Promise.all([
    fetchFirstMatchesPage(request, { tags, notCompleted: true }),
    fetchFirstMatchesPage(request, { tags, completed: true }),
  ]);
};
