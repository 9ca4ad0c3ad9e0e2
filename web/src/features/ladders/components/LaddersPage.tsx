import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useErrorText } from '../../../hooks/useAction';
import { FormAlert } from '../../../components/forms/FormAlert';
import { PageHeader } from '../../../components/layout/PageHeader';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay } from '../../../lib/dates';
import { pagePath } from '../../../lib/locale';
import { loginPath } from '../../../lib/session';
import { getPublicLadders, type PublicLadder, type PublicSeason } from '../api/ladders';
import { useMyTeams } from '../hooks/useMyTeams';
import { useWhenTheServerIsBack } from '../../../hooks/useWhenTheServerIsBack';
import { MyTeamActions } from './MyTeamActions';
import { SportBadge } from './SportBadge';
import { holdsPlace } from '../standings-model';
import { TeamStatus } from './TeamStatus';
import { i18n } from '../../../lib/i18n';
import { addLaddersTexts } from '../../../locales/ladders-texts';
import { addHomeTexts } from '../../../locales/home-texts';

addLaddersTexts(i18n);
addHomeTexts(i18n);

// The join dialog (Headless UI Dialog, the team form) loads the first time someone joins, not with the list.
const JoinDialog = lazy(async () => ({ default: (await import('./JoinDialog')).JoinDialog }));

/**
 * /ladders/{locale}/: every club's ladders (readable without signing in) with the current season,
 * a Standings link and a Join action per season open for registration; a signed-in player also
 * sees the state of their own teams.
 */
export function LaddersPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(t('ladders.title'));
  const [ladders, setLadders] = useState<PublicLadder[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const [joining, setJoining] = useState<{ ladder: PublicLadder; season: PublicSeason }>();
  // Mounted from the first join on, so that closing plays the dialog's leave transition.
  const [joinOpened, setJoinOpened] = useState(false);
  const mine = useMyTeams();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLadders(await getPublicLadders(signal));
        setFailure(undefined);
      } catch (error) {
        if (!signal?.aborted) setFailure(failureText(error));
      }
    },
    [failureText],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  useWhenTheServerIsBack(failure !== undefined, () => void load());

  // The buttons of a team may be gone after an answer: the focus goes to the list's heading, or the page's start.
  const afterTeamAction = async () => {
    await mine.reload();
    requestAnimationFrame(() =>
      (document.getElementById('my-teams') ?? document.getElementById('main'))?.focus(),
    );
  };

  const join = (ladder: PublicLadder, season: PublicSeason) => {
    if (!mine.loggedIn) {
      void navigate(loginPath(locale, `${location.pathname}${location.search}`));
      return;
    }
    setJoinOpened(true);
    setJoining({ ladder, season });
  };

  const dates = (season: PublicSeason) =>
    t('ladders.seasonDates', {
      start: formatDay(season.startDate, locale),
      end: formatDay(season.endDate, locale),
    });

  return (
    <>
      <PageHeader title={t('ladders.title')} description={t('ladders.intro')} />
      {failure && <FormAlert>{failure}</FormAlert>}

      {mine.teams.length > 0 && (
        <section className="mb-8" aria-labelledby="my-teams">
          <h2 id="my-teams" tabIndex={-1} className="mb-3 text-lg font-semibold text-ink-900 outline-none">
            {t('ladders.yourTeams')}
          </h2>
          <ul className="divide-y divide-ink-100 rounded-2xl bg-white shadow-xs ring-1 ring-ink-200">
            {mine.teams.map((team) => (
              <li
                key={team.teamId}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-5"
              >
                <Link
                  to={pagePath('ladders', locale, team.ladderId)}
                  className={`${linkClass} min-w-0 break-words`}
                >
                  {team.ladderName} · {team.seasonName}
                </Link>
                <div className="flex flex-wrap items-center gap-2">
                  <TeamStatus team={team} />
                  <MyTeamActions team={team} onDone={afterTeamAction} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      {ladders && ladders.length === 0 && (
        <section className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center sm:py-16">
          <h2 className="text-base font-semibold text-ink-900">{t('ladders.emptyTitle')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm leading-6 text-ink-600">{t('ladders.emptyText')}</p>
          {/* A new club's first visit: where to start one, and how players find theirs. */}
          <p className="mx-auto mt-6 max-w-sm text-sm leading-6 text-ink-700">{t('home.startClubText')}</p>
          <Link
            to={pagePath('company', locale, 'onboarding')}
            className={`${primaryButtonClass} mt-3`}
            data-testid="start-club"
          >
            {t('home.startClub')}
          </Link>
          <p className="mx-auto mt-6 max-w-sm text-sm leading-6 text-ink-700">{t('home.findClub')}</p>
          {!mine.loggedIn && (
            <Link
              to={loginPath(locale, `${location.pathname}${location.search}`)}
              className={`${secondaryButtonClass} mt-3`}
            >
              {t('home.signInToFind')}
            </Link>
          )}
        </section>
      )}

      {ladders && ladders.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {ladders.map((ladder) => (
            <li
              key={ladder.uuid}
              className="flex flex-col rounded-2xl bg-white p-5 shadow-xs ring-1 ring-ink-200"
              data-testid="ladder-card"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                    {ladder.company.name}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold break-words text-ink-900">{ladder.name}</h2>
                </div>
                <SportBadge sportsCategory={ladder.sportsCategory} />
              </div>
              <dl className="mt-3 text-sm">
                <dt className="text-ink-500">{t('ladders.currentSeason')}</dt>
                <dd className="mt-0.5 text-ink-900">
                  {ladder.currentSeason ? (
                    <>
                      <span className="font-medium">{ladder.currentSeason.name}</span>{' '}
                      <span className="text-ink-600">· {dates(ladder.currentSeason)}</span>
                    </>
                  ) : (
                    <span className="text-ink-500">{t('ladders.noCurrentSeason')}</span>
                  )}
                </dd>
              </dl>
              {ladder.seasons.length > 0 && (
                <div className="mt-4 rounded-xl bg-brand-50/70 p-3 ring-1 ring-brand-100">
                  <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
                    {t('ladders.openForRegistration')}
                  </p>
                  <ul className="mt-2 space-y-2">
                    {ladder.seasons.map((season) => {
                      const team = mine.teams.find(
                        (candidate) => candidate.seasonId === season.uuid && holdsPlace(candidate),
                      );
                      return (
                        <li key={season.uuid} className="flex flex-wrap items-center justify-between gap-2">
                          <span className="min-w-0 text-sm">
                            <span className="font-medium text-ink-900">{season.name}</span>
                            <span className="block text-xs text-ink-600">{dates(season)}</span>
                          </span>
                          {team ? (
                            <TeamStatus team={team} />
                          ) : (
                            <button
                              type="button"
                              className={`${primaryButtonClass} px-3 py-2`}
                              onClick={() => join(ladder, season)}
                            >
                              {mine.loggedIn
                                ? t('ladders.join', { season: season.name })
                                : t('ladders.signInToJoin')}
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              )}
              <div className="mt-auto pt-4">
                <Link
                  to={pagePath('ladders', locale, ladder.uuid)}
                  className={`${secondaryButtonClass} w-full sm:w-auto`}
                >
                  {t('ladders.standings')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      {joinOpened && (
        <Suspense fallback={null}>
          <JoinDialog
            season={joining?.season}
            sportsCategory={joining?.ladder.sportsCategory ?? 'TENNISSINGLE'}
            onClose={(registered) => {
              setJoining(undefined);
              if (registered) void mine.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
