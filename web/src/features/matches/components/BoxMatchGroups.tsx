import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { getMatch, type Match } from '../api/matches';
import { getBoxMatchIds } from '../api/box-matches';
import { MatchCard } from './MatchCard';

interface BoxGroup {
  boxId: string;
  number: number;
  matches: Match[];
}

/**
 * DESIGN.md §12 on the manager's Matches tab of a box season: the season's matches grouped by box, each editable as
 * anywhere. Loaded lazily by the tab, only once it knows the season has boxes; a new draw reads them again.
 */
export function BoxMatchGroups({ seasonId, onBoxes }: { seasonId: string; onBoxes(has: boolean): void }) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<BoxGroup[]>();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const boxes = await getBoxMatchIds(seasonId, signal);
      const loaded = await Promise.all(
        boxes.map(async (box) => ({
          boxId: box.boxId,
          number: box.number,
          matches: await Promise.all(box.matchIds.map((id) => getMatch(id, signal))),
        })),
      );
      setGroups(loaded);
      onBoxes(loaded.length > 0);
    },
    [seasonId, onBoxes],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [load]);
  useLiveRoom(liveRooms.season(seasonId), {
    'season.updated': (push) => {
      if (push.seasonId === seasonId && push.changed.includes('boxes') && push.changed.length === 1) {
        void load().catch(() => undefined);
      }
    },
  });

  if (!groups || groups.length === 0) return null;
  return (
    <section aria-labelledby="box-matches-title" data-testid="box-match-groups">
      <h2 id="box-matches-title" className="mb-3 text-lg font-semibold text-ink-900">
        {t('manager.matches.byBox')}
      </h2>
      <div className="space-y-5">
        {groups.map((group) => (
          <section
            key={group.boxId}
            aria-labelledby={`box-group-${group.boxId}`}
            data-testid="box-match-group"
          >
            <h3 id={`box-group-${group.boxId}`} className="mb-2 text-base font-semibold text-ink-800">
              {t('manager.matches.box', { number: group.number })}
            </h3>
            <ul className="space-y-3 sm:space-y-4">
              {group.matches.map((match) => (
                <li key={match.id}>
                  <MatchCard match={match} editable manager showEvent={false} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
