import { useTranslation } from '../../../hooks/useTranslation';
import type { SportsCategory } from '@courtside/events/ladders/values';

/** "Tennis singles", "Tennis doubles" or "Padel" as a small badge. */
export function SportBadge({ sportsCategory }: { sportsCategory: SportsCategory }) {
  const { t } = useTranslation();
  return (
    <span className="shrink-0 rounded-full bg-lime-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-lime-900 ring-1 ring-lime-200 ring-inset">
      {t(`ladders.sports.${sportsCategory}`)}
    </span>
  );
}
