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

/** An account id (a player's id is theirs). */
const PLAYER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A player's page `/player/{locale}/{playerId}` (DESIGN.md §11): ratings with their history, record, head-to-head,
 * and that player's matches (`TAGS={playerId}`).
 */
export function PlayerPage() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  // A malformed id names nobody: nothing is asked (the API would answer 400 for the page and each of its lists).
  const wellFormed = PLAYER_ID.test(playerId);
  const player = useLoaded(playerId, (signal) =>
    wellFormed ? getPlayer(playerId, signal) : Promise.reject(new Error('No such player')),
  );
  const [nameInMatches, setNameInMatches] = useState<string | null>(null);
  useEffect(() => setNameInMatches(null), [playerId]);
  const onItems = useCallback(
    (items: readonly MatchListItem[]) => {
      const found = playerNameIn(items, playerId);
      if (found) setNameInMatches(found);
    },
    [playerId],
  );
  // DESIGN.md §15: an unknown id on a known page shows the not-found text in the page.
  const unknown = !wellFormed || player.kind === 'missing';
  const title = unknown
    ? t('matches.player.notFoundTitle')
    : ((player.kind === 'loaded' ? shownName(player.value.name) : nameInMatches) ??
      t('matches.player.title'));
  useDocumentTitle(title);
  if (unknown) {
    return (
      <>
        <PageHeader title={title} />
        <p
          className="rounded-xl bg-white p-6 text-center text-sm text-ink-600 ring-1 ring-ink-200"
          data-testid="player-not-found"
        >
          {t('matches.player.notFound')}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} description={t('matches.player.intro')} />
      {player.kind === 'loaded' && <PlayerRatings player={player.value} />}
      {player.kind === 'failed' && <p className="mb-6 text-red-800">{t('player.failed')}</p>}
      <MatchSections key={playerId} tags={[playerId]} editable={isLoggedIn(getCookie)} onItems={onItems} />
    </>
  );
}
