import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateMatchPanel } from './CreateMatchPanel';
import { MatchesList } from './MatchesList';
import { liveRooms } from '../../../lib/live';

/**
 * Spec §2 "Matches tab" of the manager's season screen: the Create a match panel (defender and
 * challenger pickers), then the season's matches, editable and not completed; a new match reloads
 * the list. The manager feature does not import it: `app/router.tsx` hands it to the manager's
 * routes (`features/manager/hooks/useSeasonMatchesTab.ts`), so neither feature imports the other.
 */
export function SeasonMatchesTab({ ladderId, seasonId }: { ladderId: string; seasonId: string }) {
  const { t } = useTranslation();
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="space-y-6" data-ladder={ladderId}>
      <CreateMatchPanel seasonId={seasonId} onCreated={() => setReloadKey((n) => n + 1)} />
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
        />
      </section>
    </div>
  );
}
