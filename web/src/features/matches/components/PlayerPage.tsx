import { shownName } from '../../../lib/team-name';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import type { MatchListItem } from '../api/matches';
import { getPlayer, useLoaded } from '../api/player-ratings';
import { playerNameIn } from '../page-filter';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { getCookie } from '../../../lib/cookies';
import { isLoggedIn } from '../../../lib/session';
import { MatchSections } from './MatchSections';
import { PlayerRatings } from './PlayerRatings';

/**
 * A player's page `/player/{locale}/{playerId}` (DESIGN.md §11): ratings with their history, record, head-to-head,
 * and that player's matches (`TAGS={playerId}`).
 */
export function PlayerPage() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  const player = useLoaded(playerId, (signal) => getPlayer(playerId, signal));
  const [nameInMatches, setNameInMatches] = useState<string | null>(null);
  useEffect(() => setNameInMatches(null), [playerId]);
  const onItems = useCallback(
    (items: readonly MatchListItem[]) => {
      const found = playerNameIn(items, playerId);
      if (found) setNameInMatches(found);
    },
    [playerId],
  );
  const title =
    (player.kind === 'loaded' ? shownName(player.value.name) : nameInMatches) ?? t('matches.player.title');
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={t('matches.player.intro')} />
      {player.kind === 'loaded' && <PlayerRatings player={player.value} />}
      {player.kind === 'failed' && <p className="mb-6 text-red-800">{t('player.failed')}</p>}
      <MatchSections key={playerId} tags={[playerId]} editable={isLoggedIn(getCookie)} onItems={onItems} />
    </>
  );
}
