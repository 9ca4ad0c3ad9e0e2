import { lazy, Suspense, useId, useState } from 'react';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { liveRooms } from '../../../lib/live';
import { useSeasonAttention, type AttentionItem } from '../hooks/useSeasonAttention';
import { CreateMatchPanel } from './CreateMatchPanel';
import { MatchCard } from './MatchCard';
import { MatchesList } from './MatchesList';

// DESIGN.md §12: a box season's matches grouped by box (only a box season has boxes to show).
const BoxMatchGroups = lazy(() =>
  import('./BoxMatchGroups').then((module) => ({ default: module.BoxMatchGroups })),
);

/**
 * Spec §2 "Matches tab" of the manager's season screen: first what needs the manager (disputed
 * results, overdue challenge matches; DESIGN.md §5), then the Create a match panel (defender and
 * challenger pickers), then the season's matches, editable and not completed; a new match reloads
 * the list; then the season's results, newest first (DESIGN.md §9), so a cancelled match stays in view. The manager feature does not import it: `app/route-table.tsx` hands it to the manager's
 * routes (`features/manager/hooks/useSeasonMatchesTab.ts`), so neither feature imports the other.
 */
export function SeasonMatchesTab({ ladderId, seasonId }: { ladderId: string; seasonId: string }) {
  const { t } = useTranslation();
  const [reloadKey, setReloadKey] = useState(0);
  const [resultsKey, setResultsKey] = useState(0);
  const { items, reload } = useSeasonAttention(seasonId);
  /** The season has boxes (DESIGN.md §12): its matches show grouped by box instead of in one list. */
  const [hasBoxes, setHasBoxes] = useState(false);
  return (
    <div className="space-y-6" data-ladder={ladderId}>
      {items.length > 0 && <AttentionSection items={items} onChange={reload} />}
      <CreateMatchPanel seasonId={seasonId} onCreated={() => setReloadKey((n) => n + 1)} />
      <Suspense fallback={null}>
        <BoxMatchGroups seasonId={seasonId} onBoxes={setHasBoxes} />
      </Suspense>
      {!hasBoxes && (
        <section aria-labelledby="matches-title">
          <h2 id="matches-title" className="mb-3 text-lg font-semibold text-ink-900">
            {t('manager.matches.heading')}
          </h2>
          <MatchesList
            tags={[seasonId]}
            editable
            manager
            notCompleted
            showEvent={false}
            reloadKey={reloadKey}
            liveRoom={liveRooms.season(seasonId)}
            // A match that got its result or was cancelled moves to the results below.
            onLeave={() => setResultsKey((n) => n + 1)}
          />
        </section>
      )}
      {/* DESIGN.md §9: the season's results (completed, walkover, retired, cancelled), newest first. */}
      <section aria-labelledby="results-title" data-testid="season-results">
        <h2 id="results-title" className="mb-3 text-lg font-semibold text-ink-900">
          {t('manager.matches.results')}
        </h2>
        <MatchesList
          tags={[seasonId]}
          editable
          manager
          completed
          showEvent={false}
          reloadKey={`${reloadKey}-${resultsKey}`}
          liveRoom={liveRooms.season(seasonId)}
          emptyText={t('manager.matches.noResults')}
          label={t('manager.matches.results')}
        />
      </section>
    </div>
  );
}

function AttentionSection({ items, onChange }: { items: AttentionItem[]; onChange: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  // A deadline is a day (DESIGN.md §19 "Dates").
  const playBy = (value: string | null | undefined) => formatDay(value, locale);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-amber-50/60 p-3 ring-1 ring-amber-200 sm:p-4"
      data-testid="attention"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-ink-900">
        {t('matchCard.confirmation.attention')}
      </h2>
      <ul className="space-y-4">
        {items.map((entry) => (
          <li
            key={`${entry.kind}-${entry.item.match.id}`}
            data-testid="attention-item"
            data-kind={entry.kind}
          >
            <p
              className={`mb-1.5 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                entry.kind === 'disputed'
                  ? 'bg-red-50 text-red-800 ring-red-200'
                  : 'bg-amber-100 text-amber-900 ring-amber-300'
              }`}
            >
              {entry.kind === 'disputed'
                ? t('matchCard.confirmation.attentionDisputed')
                : t('matchCard.confirmation.overdue', { date: playBy(entry.challenge.playBy) })}
            </p>
            <MatchCard
              match={entry.item.match}
              event={entry.item.event}
              editable
              manager
              showEvent={false}
              onChange={onChange}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
