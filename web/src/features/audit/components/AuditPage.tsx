import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLoaderData, useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { inputClass, linkClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { formatMoment } from '../../../lib/dates';
import type { GuardFacts } from '../../../lib/guards';
import { useErrorText } from '../../../hooks/useAction';
import {
  getLadders,
  getSeasons,
  type NamedLadder as Ladder,
  type NamedSeason as Season,
} from '../api/company-structure';
import { pagePath } from '../../../lib/locale';
import { getCompanyEvents, type AuditEvent } from '../api/events';
import { auditSummary, emptyNames, learnNames } from './audit-summary';
import { HistoryCheck } from './HistoryCheck';
import { SeasonTimeline } from './SeasonTimeline';
import { i18n } from '../../../lib/i18n';
import { addManagerTexts } from '../../../locales/manager-texts';

addManagerTexts(i18n);

interface LadderWithSeasons {
  ladder: Ladder;
  seasons: Season[];
}

/**
 * /audit/{locale}/{companyId} (managers): the company's event history, newest first, with time,
 * actor and a readable line per event; filter by ladder or season; "Load more" pages back.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const filterId = useId();
  const { companyId = '' } = useParams();
  const facts = useLoaderData() as GuardFacts | undefined;
  const company = facts?.companies?.find((c) => c.id === companyId);
  useDocumentTitle(company ? `${t('audit.title')} · ${company.name}` : t('audit.title'));

  const [structure, setStructure] = useState<LadderWithSeasons[]>([]);
  const [stream, setStream] = useState('');
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [nextAfter, setNextAfter] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!company) return;
    const controller = new AbortController();
    (async () => {
      const ladders = await getLadders(companyId, controller.signal);
      const withSeasons = await Promise.all(
        ladders.map(async (ladder) => ({
          ladder,
          seasons: await getSeasons(companyId, ladder.uuid, controller.signal),
        })),
      );
      setStructure(withSeasons);
    })().catch(() => undefined); // The filter then offers "Everything" only.
    return () => controller.abort();
  }, [companyId, company]);

  const load = useCallback(
    async (after?: number, signal?: AbortSignal) => {
      try {
        const page = await getCompanyEvents(
          companyId,
          { stream: stream || undefined, after, lang: locale },
          signal,
        );
        setEvents((previous) => (after === undefined ? page.items : [...(previous ?? []), ...page.items]));
        setNextAfter(page.nextAfter);
        setFailure(undefined);
      } catch (error) {
        if (!signal?.aborted) setFailure(failureText(error));
      }
    },
    [companyId, stream, failureText, locale],
  );

  useEffect(() => {
    if (!company) return;
    const controller = new AbortController();
    setEvents(null);
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load, company]);

  const names = useMemo(() => {
    const known = emptyNames();
    for (const { ladder, seasons } of structure) {
      known.ladders.set(ladder.uuid, ladder.name);
      for (const season of seasons)
        known.seasons.set(season.uuid, { name: season.name, ladderId: ladder.uuid });
    }
    for (const event of events ?? []) learnNames(known, event);
    return known;
  }, [structure, events]);

  const isSeason = structure.some(({ seasons }) => seasons.some((season) => season.uuid === stream));

  if (!company) {
    return (
      <section className="mx-auto max-w-lg py-10 text-center sm:py-16" role="alert">
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">{t('manager.noCompany')}</h1>
        <p className="mt-3 text-base text-ink-600">{t('manager.noCompanyText')}</p>
      </section>
    );
  }

  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={pagePath('manager', locale, companyId, 'ladders')} className={linkClass}>
          ← {t('audit.back')}
        </Link>
      </p>
      <PageHeader title={t('audit.title')} description={t('audit.intro', { company: company.name })} />
      <HistoryCheck companyId={companyId} />
      <div className="mb-5 max-w-sm">
        <label htmlFor={filterId} className="block text-sm font-medium text-ink-800">
          {t('audit.filter')}
        </label>
        <select
          id={filterId}
          value={stream}
          onChange={(event) => setStream(event.target.value)}
          className={`${inputClass} mt-1.5`}
        >
          <option value="">{t('audit.all')}</option>
          {structure.map(({ ladder, seasons }) => (
            <optgroup key={ladder.uuid} label={ladder.name}>
              <option value={ladder.uuid}>{t('audit.ladderOption', { name: ladder.name })}</option>
              {seasons.map((season) => (
                <option key={season.uuid} value={season.uuid}>
                  {t('audit.seasonOption', { ladder: ladder.name, name: season.name })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {/* The audit page is a lazy route of its own: the timeline adds nothing to other pages' first JavaScript. */}
      {isSeason && <SeasonTimeline key={stream} seasonId={stream} />}
      {failure && <FormAlert>{failure}</FormAlert>}
      {events === null ? (
        <div className="flex justify-center py-12">
          <Spinner className="size-8" />
        </div>
      ) : events.length === 0 ? (
        <p className="rounded-2xl bg-white px-5 py-10 text-center text-sm text-ink-500 ring-1 ring-ink-200">
          {t('audit.empty')}
        </p>
      ) : (
        <ol
          className="divide-y divide-ink-100 rounded-2xl bg-white shadow-xs ring-1 ring-ink-200"
          data-testid="audit-list"
        >
          {events.map((event) => (
            <li
              key={event.seq}
              data-event-type={event.type}
              className="px-4 py-3 sm:flex sm:items-baseline sm:gap-6 sm:px-5"
            >
              <time
                dateTime={event.occurredAt}
                className="block shrink-0 text-xs text-ink-500 tabular-nums sm:w-40 sm:text-sm"
              >
                {formatMoment(event.occurredAt, locale)}
              </time>
              <div className="mt-0.5 min-w-0 flex-1 sm:mt-0">
                <p className="text-sm font-medium break-words text-ink-900">
                  {auditSummary(event, names, t, locale)}
                </p>
                <p className="mt-0.5 text-xs text-ink-500">{event.actor.name}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {events && events.length > 0 && (
        <div className="mt-4 flex justify-center">
          {nextAfter !== null ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={loadingMore}
              onClick={() => {
                setLoadingMore(true);
                void load(nextAfter).finally(() => setLoadingMore(false));
              }}
            >
              {loadingMore && <Spinner className="size-4" />}
              {t('audit.loadMore')}
            </button>
          ) : (
            <p className="text-sm text-ink-500">{t('audit.end')}</p>
          )}
        </div>
      )}
    </>
  );
}
