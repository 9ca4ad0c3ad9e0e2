import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useErrorText } from '../../../hooks/useAction';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass } from '../../../components/forms/styles';
import { PageHeader } from '../../../components/layout/PageHeader';
import { formatMoment } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { addTournamentsTexts } from '../../../locales/tournaments-texts';
import { getTournament, getTournaments, type Tournament, type TournamentSummary } from '../api/tournaments';
import { focusWithin, formatLabel, sportLabel, statusLabel } from '../hooks/useTournamentTexts';
import { EntryActions } from './EntryActions';

addTournamentsTexts(i18n);

interface Listed {
  summary: TournamentSummary;
  /** The whole tournament, for those taking entries: who entered and how (Enter / Withdraw). */
  detail?: Tournament;
}

/**
 * /tournaments/{locale}/?companyId= (DESIGN.md §16): a club's tournaments, soonest first, each with its format, date,
 * status and entrants, and Enter / Withdraw for a signed-in player while it takes entries.
 */
export function TournamentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const failureText = useErrorText();
  const [search] = useSearchParams();
  const companyId = search.get('companyId') ?? '';
  const { loggedIn, account } = useSignedInAccount();
  const [listed, setListed] = useState<Listed[]>();
  const [failure, setFailure] = useState<string>();
  useDocumentTitle(t('tournaments.title'));

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!companyId) return;
      try {
        const summaries = await getTournaments(companyId, signal);
        const details = await Promise.all(
          summaries.map((summary) =>
            summary.status === 'entry' ? getTournament(summary.tournamentId, signal) : undefined,
          ),
        );
        setListed(summaries.map((summary, index) => ({ summary, detail: details[index] })));
        setFailure(undefined);
      } catch (error) {
        if (!signal?.aborted) setFailure(failureText(error));
      }
    },
    [companyId, failureText],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <PageHeader title={t('tournaments.title')} />
      {!companyId && <FormAlert kind="info">{t('tournaments.noCompany')}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      {companyId && !listed && !failure && <p className="text-sm text-ink-600">{t('tournaments.loading')}</p>}
      {listed && listed.length === 0 && <p className="text-sm text-ink-600">{t('tournaments.none')}</p>}
      {listed && listed.length > 0 && (
        <ul
          aria-label={t('tournaments.listLabel')}
          className="divide-y divide-ink-100 rounded-2xl bg-white shadow-xs ring-1 ring-ink-200"
          data-testid="tournaments"
        >
          {listed.map(({ summary, detail }) => (
            <li
              key={summary.tournamentId}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5"
            >
              <div className="min-w-0">
                <Link
                  to={pagePath('tournaments', locale, summary.tournamentId)}
                  className={`${linkClass} break-words`}
                >
                  {summary.name}
                </Link>
                <p className="mt-0.5 text-sm text-ink-600">
                  {[
                    formatLabel(t, summary.format),
                    sportLabel(t, summary.sportsCategory),
                    formatMoment(summary.startsAt, locale),
                  ].join(' · ')}
                </p>
                <p className="text-sm text-ink-600">
                  {statusLabel(t, summary.status)} · {t('tournaments.entrants', { count: summary.entrants })}
                </p>
              </div>
              {detail && (
                <div id={`entry-${summary.tournamentId}`}>
                  <EntryActions
                    tournament={detail}
                    loggedIn={loggedIn}
                    viewerId={account?.id}
                    onDone={async () => {
                      await load();
                      focusWithin(document.getElementById(`entry-${summary.tournamentId}`));
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
