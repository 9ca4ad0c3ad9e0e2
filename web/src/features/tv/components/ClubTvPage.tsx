import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { liveConnectionAtom } from '../../../stores/live';
import { i18n } from '../../../lib/i18n';
import { addTvTexts } from '../../../locales/tv-texts';
import { useClubTv } from '../hooks/useClubTv';
import { useElapsed, type RotationTimer } from '../hooks/useRotation';
import { tvViews, viewIndexAt, type TvView } from '../views';
import { ClubNightView, LiveMatchesView, ResultsView, StandingsView } from './TvViews';

addTvTexts(i18n);

// A knockout's bracket loads only where a knockout runs: the TV's first JavaScript has a budget (docs/performance.md).
const KnockoutView = lazy(async () => ({ default: (await import('./KnockoutView')).KnockoutView }));

/** Follows one public room: any change there reads that part again (`useLiveRoom` resubscribes after a reconnect). */
function RoomFollower({ room, onChange }: { room: string; onChange: () => void }) {
  useLiveRoom(room, {
    'match.updated': onChange,
    'ladder.changed': onChange,
    'season.updated': onChange,
    'live.updated': onChange,
    'tournament.updated': onChange,
    onResync: onChange,
  });
  return null;
}

function ViewOf({ view }: { view: TvView }) {
  switch (view.kind) {
    case 'live':
      return <LiveMatchesView matches={view.matches} />;
    case 'club-night':
      return <ClubNightView night={view.night} />;
    case 'knockout':
      return (
        <Suspense fallback={null}>
          <KnockoutView view={view} />
        </Suspense>
      );
    case 'standings':
      return <StandingsView standings={view.standings} />;
    case 'results':
      return <ResultsView matches={view.matches} />;
    default: {
      const never: never = view;
      return never;
    }
  }
}

/**
 * `ClubTvPage`, exported as the route's `Component` (routes/tv-routes.ts). The club TV `/tv/{locale}/{companyId}` (DESIGN.md §16): a full screen for the clubhouse, no sign-in, no controls,
 * nothing announced (no live region: nobody is at the screen with a screen reader, and it changes all the time).
 * It shows what is live now (matches being scored, club nights, knockouts' brackets) or else the standings and latest results, a new view every 20 seconds, following every
 * change through the public rooms of the ladders, the running tournaments and the knockouts' made matches; at every
 * view change it reads the club's ladders and running tournaments again, so a new club night or knockout appears
 * without a reload.
 */
export function Component({ timer }: { timer?: RotationTimer }) {
  const { t } = useTranslation();
  const { companyId = '' } = useParams();
  const tv = useClubTv(companyId);
  const elapsed = useElapsed(timer);
  const connection = useAtomValue(liveConnectionAtom);
  const { reloadAll } = tv;
  // A view change (elapsed moved) reads the club's lists again: a club night or ladder made since shows up.
  useEffect(() => {
    if (elapsed > 0) reloadAll(false);
  }, [elapsed, reloadAll]);
  useDocumentTitle(tv.clubName ? `${tv.clubName} · ${t('tv.title')}` : t('tv.title'));

  const views = tvViews(tv.data);
  const index = viewIndexAt(views.length, elapsed);
  const view = views[index];
  return (
    <main
      className="flex min-h-screen flex-col gap-8 bg-brand-950 px-16 py-10 text-white"
      data-testid="club-tv"
      data-view={view?.kind ?? 'none'}
    >
      <header className="flex items-baseline gap-8">
        <h1 className="min-w-0 flex-1 truncate text-5xl font-bold">{tv.clubName ?? t('tv.title')}</h1>
        {views.length > 1 && (
          <p className="text-3xl text-ink-200">{t('tv.view', { index: index + 1, count: views.length })}</p>
        )}
        <p className="text-3xl text-ink-200" data-state={connection}>
          {t(`tv.connection.${connection}`)}
        </p>
      </header>
      {view ? (
        <ViewOf view={view} />
      ) : (
        <p className="text-4xl text-ink-100">{tv.loaded ? t('tv.nothing') : t('tv.loading')}</p>
      )}
      {tv.ladderIds.map((ladderId) => (
        <RoomFollower
          key={ladderId}
          room={liveRooms.ladder(ladderId)}
          onChange={() => tv.reloadLadder(ladderId)}
        />
      ))}
      {tv.tournamentIds.map((tournamentId) => (
        <RoomFollower
          key={tournamentId}
          room={liveRooms.tournament(tournamentId)}
          onChange={() => tv.reloadTournament(tournamentId)}
        />
      ))}
      {tv.drawMatchIds.map((matchId) => (
        <RoomFollower
          key={matchId}
          room={liveRooms.match(matchId)}
          onChange={() => tv.reloadMatch(matchId)}
        />
      ))}
    </main>
  );
}
