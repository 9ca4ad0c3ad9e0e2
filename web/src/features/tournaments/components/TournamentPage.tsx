import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass } from '../../../components/forms/styles';
import { PageHeader } from '../../../components/layout/PageHeader';
import { getCompanies } from '../../../lib/account-api';
import { formatMoment } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { addTournamentsTexts } from '../../../locales/tournaments-texts';
import type { Tournament } from '../api/tournaments';
import { useTournament } from '../hooks/useTournament';
import { focusWithin, formatLabel, sportLabel, statusLabel } from '../hooks/useTournamentTexts';
import { ClubNightRounds } from './ClubNightRounds';
import { EntryActions } from './EntryActions';
import { Leaderboard } from './Leaderboard';

addTournamentsTexts(i18n);

// A knockout's bracket (and its matches' scores) loads with a knockout's page only: a club night's page does not
// carry it (the page's first JavaScript has a budget, docs/performance.md "Initial JavaScript").
const KnockoutBracket = lazy(async () => ({ default: (await import('./KnockoutBracket')).KnockoutBracket }));

/**
 * /tournaments/{locale}/{tournamentId} (DESIGN.md §16), public and live: the entries (Enter / Withdraw while it takes
 * entries), and a club night's rounds with their courts and the leaderboard, where a player of a game or a manager
 * enters its result; a knockout shows its bracket once drawn, each match's score live.
 */
export function TournamentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { tournamentId = '' } = useParams();
  const { tournament, failure, notFound, reload } = useTournament(tournamentId);
  const { loggedIn, account } = useSignedInAccount();
  const manages = useManages(loggedIn, tournament?.companyId);
  const actions = useRef<HTMLDivElement>(null);
  useDocumentTitle(tournament?.name ?? t('tournaments.title'));

  if (notFound) return <FormAlert>{t('tournaments.notFound')}</FormAlert>;
  if (!tournament) return failure ? <FormAlert>{failure}</FormAlert> : null;
  const clubNight = tournament.format !== 'KNOCKOUT';
  return (
    <>
      <PageHeader
        title={tournament.name}
        description={[
          formatLabel(t, tournament.format),
          sportLabel(t, tournament.sportsCategory),
          formatMoment(tournament.startsAt, locale),
          statusLabel(t, tournament.status),
        ].join(' · ')}
        actions={
          <div ref={actions}>
            <EntryActions
              tournament={tournament}
              loggedIn={loggedIn}
              viewerId={account?.id}
              onDone={async () => {
                await reload();
                focusWithin(actions.current);
              }}
            />
          </div>
        }
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="mb-6 text-sm">
        <Link
          to={`${pagePath('tournaments', locale)}?companyId=${tournament.companyId}`}
          className={linkClass}
        >
          {t('tournaments.title')}
        </Link>
      </p>
      {clubNight && tournament.status !== 'entry' && (
        <>
          <section aria-labelledby="leaderboard" className="mb-8">
            <h2 id="leaderboard" className="mb-3 text-lg font-semibold text-ink-900">
              {t('tournaments.leaderboard')}
            </h2>
            <Leaderboard rows={tournament.leaderboard ?? []} labelledBy="leaderboard" />
          </section>
          <section aria-labelledby="rounds" className="mb-8">
            <h2 id="rounds" className="mb-3 text-lg font-semibold text-ink-900">
              {t('tournaments.rounds')}
            </h2>
            <ClubNightRounds
              tournament={tournament}
              viewerId={account?.id}
              manages={manages}
              onSaved={() => void reload()}
            />
          </section>
        </>
      )}
      {!clubNight && tournament.draw && (
        <Suspense fallback={null}>
          <KnockoutBracket tournament={tournament} draw={tournament.draw} />
        </Suspense>
      )}
      <Entries tournament={tournament} />
    </>
  );
}

/** Whether the signed-in account manages `companyId` (a manager enters every game's result). */
function useManages(loggedIn: boolean, companyId: string | undefined): boolean {
  const [manages, setManages] = useState(false);
  useEffect(() => {
    if (!loggedIn || !companyId) return;
    const controller = new AbortController();
    getCompanies(controller.signal)
      .then((companies) => setManages(companies.some((company) => company.id === companyId)))
      .catch(() => setManages(false));
    return () => controller.abort();
  }, [loggedIn, companyId]);
  return manages;
}

function Entries({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="entries" className="mb-8">
      <h2 id="entries" className="mb-3 text-lg font-semibold text-ink-900">
        {t('tournaments.entries')}
      </h2>
      {tournament.entries.length === 0 ? (
        <p className="text-sm text-ink-600">{t('tournaments.noEntries')}</p>
      ) : (
        <ul
          className="divide-y divide-ink-100 rounded-lg bg-white text-sm ring-1 ring-ink-200"
          data-testid="entries"
        >
          {tournament.entries.map((entry) => (
            <li key={entry.entryId} className="px-3 py-2 text-ink-900">
              {entry.members.map((member) => member.name).join(' & ')}
              {entry.seed !== undefined && (
                <span className="text-ink-600"> · {t('tournaments.seed', { seed: entry.seed })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
