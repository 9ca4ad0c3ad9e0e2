import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateMatchPanel } from '../../../components/match/CreateMatchPanel';
import { MatchesList } from '../../../components/match/MatchesList';
import type { Ladder, Season } from '../../../lib/ladder-api';
import { liveRooms } from '../../../lib/live';

/**
 * Spec §2 "Matches tab": the Create a match panel (defender and challenger pickers), then the
 * season's matches, editable and not completed; a new match reloads the list.
 */
export function MatchesTab({ ladder, season }: { ladder: Ladder; season: Season }) {
  const { t } = useTranslation();
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="space-y-6" data-ladder={ladder.uuid}>
      <CreateMatchPanel seasonId={season.uuid} onCreated={() => setReloadKey((n) => n + 1)} />
      <section aria-labelledby="matches-title">
        <h2 id="matches-title" className="mb-3 text-lg font-semibold text-ink-900">
          {t('manager.matches.heading')}
        </h2>
        <MatchesList
          tags={[season.uuid]}
          editable
          notCompleted
          showEvent={false}
          reloadKey={reloadKey}
          liveRoom={liveRooms.season(season.uuid)}
        />
      </section>
    </div>
  );
}
