import { memo, useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { MatchesList } from './MatchesList';
import type { MatchListItem } from '../api/matches';

interface MatchSectionsProps {
  tags?: readonly string[];
  own?: boolean;
  editable?: boolean;
  showEvent?: boolean;
  /** Called with the items of either list (e.g. to name the page after them). */
  onItems?: (items: readonly MatchListItem[]) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Upcoming (planned, soonest first) and completed matches (newest first), each scrolling in by page. */
export const MatchSections = memo(function MatchSections({
  tags,
  own,
  editable,
  showEvent = true,
  onItems,
}: MatchSectionsProps) {
  const { t } = useTranslation();
  // A match that leaves one list (a result was saved, it was cancelled) shows up in the other.
  const [upcomingKey, setUpcomingKey] = useState(0);
  const [completedKey, setCompletedKey] = useState(0);
  const reloadCompleted = useCallback(() => setCompletedKey((n) => n + 1), []);
  const reloadUpcoming = useCallback(() => setUpcomingKey((n) => n + 1), []);
  return (
    <div className="space-y-8 sm:space-y-10">
      <Section title={t('matches.upcoming')}>
        <MatchesList
          tags={tags}
          own={own}
          editable={editable}
          showEvent={showEvent}
          notCompleted
          reloadKey={upcomingKey}
          onLeave={reloadCompleted}
          emptyText={t('matches.emptyUpcoming')}
          onItems={onItems}
          label={t('matches.upcoming')}
        />
      </Section>
      <Section title={t('matches.completed')}>
        <MatchesList
          tags={tags}
          own={own}
          editable={editable}
          showEvent={showEvent}
          completed
          reloadKey={completedKey}
          onLeave={reloadUpcoming}
          emptyText={t('matches.emptyCompleted')}
          onItems={onItems}
          label={t('matches.completed')}
        />
      </Section>
    </div>
  );
});
