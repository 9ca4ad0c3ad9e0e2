import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass } from '../../../components/forms/styles';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay } from '../../../lib/dates';
import { isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { pagePath } from '../../../lib/locale';
import { memberNames } from '../../../lib/team-name';
import { getStandings, type Standings } from '../api/ladders';
import { useMyTeams } from '../hooks/useMyTeams';
import { SportBadge } from './SportBadge';
import { TeamStatus } from './TeamStatus';

/**
 * /ladders/{locale}/{ladderId}: the active teams of the ladder's current season by position,
 * updating live (room `season:{id}`); a signed-in player sees their own team's state.
 */
export function StandingsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { ladderId = '' } = useParams();
  const [standings, setStandings] = useState<Standings | null>(null);
  const [failure, setFailure] = useState<string>();
  const mine = useMyTeams();
  useDocumentTitle(
    standings ? t('ladders.standingsTitle', { ladder: standings.ladder.name }) : t('ladders.standings'),
  );

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setStandings(await getStandings(ladderId, signal));
        setFailure(undefined);
      } catch (error) {
        if (signal?.aborted) return;
        setFailure(
          isApiError(error) && (error.status === 404 || error.status === 400)
            ? t('ladders.unknownLadder')
            : isApiError(error)
              ? error.error
              : t('form.failed'),
        );
      }
    },
    [ladderId, t],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const seasonId = standings?.season?.uuid;
  const { reload: reloadMine } = mine;
  useLiveRoom(seasonId ? liveRooms.season(seasonId) : null, {
    'season.updated': (push) => {
      if (push.seasonId !== seasonId) return;
      void load();
      void reloadMine();
    },
    onResync: () => void load(),
  });

  const back = (
    <Link to={pagePath('ladders', locale)} className={linkClass}>
      ← {t('ladders.back')}
    </Link>
  );

  if (failure && !standings) {
    return (
      <div className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <p className="text-sm">{back}</p>
      </div>
    );
  }
  if (!standings) return null;

  const myTeams = mine.teams.filter(
    (team) => team.ladderId === standings.ladder.uuid && team.seasonId === seasonId,
  );

  return (
    <>
      <p className="mb-3 text-sm">{back}</p>
      <PageHeader
        title={t('ladders.standingsTitle', { ladder: standings.ladder.name })}
        description={
          standings.season
            ? `${standings.season.name} · ${formatDay(standings.season.startDate, locale)} – ${formatDay(standings.season.endDate, locale)}`
            : t('ladders.standingsNoSeason')
        }
        actions={<SportBadge sportsCategory={standings.ladder.sportsCategory} />}
      />
      {myTeams.length > 0 && (
        <div className="mb-5 flex flex-wrap items-center gap-2 text-sm text-ink-700">
          <span className="font-medium">{t('ladders.yourTeams')}:</span>
          {myTeams.map((team) => (
            <TeamStatus key={team.teamId} team={team} />
          ))}
        </div>
      )}
      {standings.season && (
        <section className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-ink-200">
          {standings.teams.length === 0 ? (
            <p className="px-5 py-8 text-center text-sm text-ink-500">{t('ladders.standingsEmpty')}</p>
          ) : (
            <table className="w-full text-left text-sm" data-testid="standings">
              <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-500 uppercase">
                <tr>
                  <th scope="col" className="w-12 px-4 py-2.5 sm:px-5">
                    {t('ladders.position')}
                  </th>
                  <th scope="col" className="px-2 py-2.5">
                    {t('ladders.team')}
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 sm:table-cell sm:px-5">
                    {t('ladders.since')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {standings.teams.map((team) => {
                  const own = myTeams.some((mineTeam) => mineTeam.teamId === team.teamId);
                  return (
                    <tr key={team.teamId} className={own ? 'bg-lime-50' : undefined}>
                      <td className="px-4 py-3 font-semibold text-ink-900 tabular-nums sm:px-5">
                        {team.position}
                      </td>
                      <td className="px-2 py-3 break-words text-ink-900">{memberNames(team.members)}</td>
                      <td className="hidden px-4 py-3 whitespace-nowrap text-ink-600 sm:table-cell sm:px-5">
                        {formatDay(team.joinDate, locale)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}

export { StandingsPage as Component };
