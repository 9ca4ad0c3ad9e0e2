import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import type { MatchListItem } from '../api/matches';
import { playerNameIn } from '../page-filter';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { getCookie } from '../../../lib/cookies';
import { isLoggedIn } from '../../../lib/session';
import { MatchSections } from './MatchSections';

/** A player's page `/player/{locale}/{playerId}`: that player's matches (`TAGS={playerId}`). */
export function PlayerPage() {
  const { t } = useTranslation();
  const { playerId = '' } = useParams();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => setName(null), [playerId]);
  const onItems = useCallback(
    (items: readonly MatchListItem[]) => {
      const found = playerNameIn(items, playerId);
      if (found) setName(found);
    },
    [playerId],
  );
  const title = name ?? t('matches.player.title');
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={t('matches.player.intro')} />
      <MatchSections key={playerId} tags={[playerId]} editable={isLoggedIn(getCookie)} onItems={onItems} />
    </>
  );
}
