import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { MatchCard } from './MatchCard';
import type { MatchListItem } from '../api/matches';
import { useMatchItem } from '../api/match-item';
import { Spinner } from '../../../components/feedback/Spinner';
import { secondaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { getCookie } from '../../../lib/cookies';
import { pagePath } from '../../../lib/locale';
import { isLoggedIn } from '../../../lib/session';
import { matchesPageView } from '../page-filter';
import { sideNames } from '../../../lib/match-sides';
import { MatchSections } from './MatchSections';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { SubscribeLink } from '../../../components/calendar/SubscribeLink';
import { useMatchesPageParts } from '../hooks/useMatchesPageParts';

/**
 * The matches page `/matches/{locale}/` (DESIGN.md §2): the signed-in player's own matches, or with
 * `?event=` and/or `?player=` the matches of that ladder / player or team (public), or with `?match=`
 * one match (the address in calendar events). Upcoming and completed matches are shown apart.
 */
export function MatchesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const view = matchesPageView(params);
  const [eventName, setEventName] = useState<string | null>(null);
  const signedIn = isLoggedIn(getCookie);
  const { account } = useSignedInAccount();

  const eventId = view.kind === 'filtered' ? view.eventId : null;
  useEffect(() => setEventName(null), [eventId]);
  const nameFromItems = useCallback(
    (items: readonly MatchListItem[]) => {
      const found = items.find((item) => item.event?.name.id === eventId)?.event?.name.name;
      if (found) setEventName(found);
    },
    [eventId],
  );

  const title =
    view.kind === 'own'
      ? t('matches.myTitle')
      : view.kind === 'match'
        ? t('matches.matchTitle')
        : eventName
          ? t('matches.eventTitle', { name: eventName })
          : t('matches.title');
  useDocumentTitle(title);

  if (view.kind === 'match') {
    return (
      <>
        <PageHeader title={title} />
        <SingleMatch key={view.matchId} matchId={view.matchId} editable={signedIn} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={
          view.kind === 'own'
            ? t('matches.myIntro')
            : view.playerId
              ? t('matches.filteredIntro')
              : t('matches.eventIntro')
        }
        actions={
          view.kind === 'filtered' && signedIn ? (
            <Link to={pagePath('matches', locale)} className={secondaryButtonClass}>
              {t('matches.clearFilter')}
            </Link>
          ) : view.kind === 'own' ? (
            // Its place is held from the first render: the account (and so the feed) arrives after the page.
            <SubscribeLink feedUrl={account?.calendarUrl} pending={!account} />
          ) : undefined
        }
      />
      {view.kind === 'own' ? (
        <OwnMatches accountId={account?.id} />
      ) : (
        <MatchSections
          key={view.tags.join(',')}
          tags={view.tags}
          editable={signedIn}
          showEvent={!view.eventId}
          onItems={nameFromItems}
        />
      )}
    </>
  );
}

/**
 * My matches: the challenges, then the matches (loaded again when a challenge was answered). The matches load at
 * once but show when the challenges are known: challenges arriving above a shown list would push its cards down
 * under a finger about to tap one.
 */
function OwnMatches({ accountId }: { accountId: string | undefined }) {
  const ChallengesSection = useMatchesPageParts()?.ChallengesSection;
  const [version, setVersion] = useState(0);
  // Without the challenges section (not handed in) there is nothing to wait for.
  const [challengesKnown, setChallengesKnown] = useState(!ChallengesSection);
  const onAnswered = useCallback(() => setVersion((n) => n + 1), []);
  const onChallengesKnown = useCallback(() => setChallengesKnown(true), []);
  return (
    <div className="space-y-8 sm:space-y-10">
      {ChallengesSection && (
        <Suspense fallback={null}>
          <ChallengesSection accountId={accountId} onAnswered={onAnswered} onKnown={onChallengesKnown} />
        </Suspense>
      )}
      <div className={challengesKnown ? undefined : 'invisible'}>
        <MatchSections key={`own-${version}`} own editable />
      </div>
    </div>
  );
}

function SingleMatch({ matchId, editable }: { matchId: string; editable: boolean }) {
  const { t } = useTranslation();
  const { state, setMatch } = useMatchItem(matchId);
  const LiveMatchPanel = useMatchesPageParts()?.LiveMatchPanel;
  if (state.status === 'failed')
    return (
      <p className="rounded-xl bg-white p-6 text-center text-sm text-ink-600 ring-1 ring-ink-200">
        {state.notFound ? t('matches.notFound') : t('matches.loadFailed')}
      </p>
    );
  if (state.status === 'loading')
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner />
        <span className="sr-only">{t('loading.label')}</span>
      </div>
    );
  const { match, event } = state.item;
  return (
    <>
      <MatchCard match={match} event={event} editable={editable} onChange={setMatch} liveLink={false} />
      {match.live && LiveMatchPanel && (
        <Suspense fallback={null}>
          <LiveMatchPanel
            matchId={match.id}
            names={{ defender: sideNames(match.defender), challenger: sideNames(match.challenger) }}
          />
        </Suspense>
      )}
    </>
  );
}
