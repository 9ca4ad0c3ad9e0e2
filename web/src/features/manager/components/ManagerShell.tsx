import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { Link, Outlet, useLoaderData, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { Dropdown } from '../../../components/forms/Dropdown';
import { primaryButtonClass } from '../../../components/forms/styles';
import { AddIcon, HistoryIcon } from '../../../components/icons/icons';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import type { GuardFacts } from '../../../lib/guards';
import { addInterceptor, isApiError } from '../../../lib/http';
import { getCompanies } from '../../../lib/account-api';
import { formerClubsOf, rememberClubs } from '../../../lib/managed-clubs';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { ADMIN_API } from '@courtside/events/api-paths';
import { liveRooms, type LadderChangedPayload } from '../../../lib/live';
import { pagePath } from '../../../lib/locale';
import { getLadders, type Ladder } from '../api/ladders';
import type { ManagerContext } from '../hooks/useManagerContext';
import { i18n, refusalText } from '../../../lib/i18n';
import { addManagerTexts } from '../../../locales/manager-texts';

addManagerTexts(i18n);

const ManagersSection = lazy(() => import('./ManagersSection'));
const WebhooksSection = lazy(() => import('./WebhooksSection'));

function WebhooksIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true">
      <path d="M10 2a3.5 3.5 0 0 0-1.5 6.67L6.3 12.5a2.5 2.5 0 1 0 1.73 1h4.94a2.5 2.5 0 1 0 0-2H8.9l2.05-3.56A3.5 3.5 0 0 0 10 2Zm0 2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
    </svg>
  );
}

function TournamentsIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true">
      <path d="M5 2h10v2h2.5a.5.5 0 0 1 .5.5V6a4 4 0 0 1-3.3 3.94A5 5 0 0 1 11 12.9V15h3v3H6v-3h3v-2.1a5 5 0 0 1-3.7-2.96A4 4 0 0 1 2 6V4.5a.5.5 0 0 1 .5-.5H5V2Zm0 4H4a2 2 0 0 0 1 1.73V6Zm10 0v1.73A2 2 0 0 0 16 6h-1Z" />
    </svg>
  );
}

function ManagersIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true">
      <path d="M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM14.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1.6 15.1a5.5 5.5 0 0 1 10.8 0 .9.9 0 0 1-.5 1A13.4 13.4 0 0 1 7 17c-1.7 0-3.3-.3-4.9-.9a.9.9 0 0 1-.5-1ZM14.5 16h-.1a7 7 0 0 0-1.4-4.6 4 4 0 0 1 5.8 3.4.7.7 0 0 1-.4.7c-1.2.4-2.5.5-3.9.5Z" />
    </svg>
  );
}

/**
 * Loads the "Tournaments" section (DESIGN.md §16). It belongs to the tournaments feature; features never import each
 * other, so the app hands it to the manager's routes, which give it to the shell.
 */
export type TournamentsSectionLoader = () => Promise<ComponentType<{ companyId: string }>>;

/** A toolbar button that opens and closes a section of the manager screen (its label hidden on phones). */
function SectionToggle({
  label,
  icon: Icon,
  open,
  panel,
  onToggle,
  testId,
}: {
  label: string;
  icon: ComponentType<{ className: string }>;
  open: boolean;
  panel: string;
  onToggle(): void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white aria-expanded:bg-white/15"
      title={label}
      aria-expanded={open}
      aria-controls={panel}
      onClick={onToggle}
      data-testid={testId}
    >
      <Icon className="size-5" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}

const sameName = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Spec §2 "App shell (manager)": /manager/{locale}/{companyId}/…: a toolbar with the ladder selector
 * (a dropdown when there are several ladders, a label for one, empty for none), the add-ladder
 * button and the routed ladder screen. On start it goes to the first ladder; a `ladder.changed`
 * push of the company reloads the list and follows a created, renamed or deleted ladder.
 */
export function ManagerShell({
  loadTournamentsSection,
}: {
  loadTournamentsSection?: TournamentsSectionLoader;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const { companyId = '', ladderName } = useParams();
  const facts = useLoaderData() as GuardFacts | undefined;
  const company = facts?.companies?.find((c) => c.id === companyId);
  const [ladders, setLadders] = useState<Ladder[] | null>(null);
  // Removed as a manager (DESIGN.md §9): a manager call answered 403 or 404 and the company is no longer ours.
  const [lostAccess, setLostAccess] = useState(false);
  const [managersOpen, setManagersOpen] = useState(false);
  const managersPanel = useId();
  const [webhooksOpen, setWebhooksOpen] = useState(false);
  const webhooksPanel = useId();
  const [tournamentsOpen, setTournamentsOpen] = useState(false);
  const tournamentsPanel = useId();
  const TournamentsSection = useMemo(
    () => loadTournamentsSection && lazy(async () => ({ default: await loadTournamentsSection() })),
    [loadTournamentsSection],
  );
  // This browser remembers the clubs the account managed: an address of one it no longer manages names it.
  const accountId = useSignedInAccount().account?.id;
  const formerHere = useMemo(
    () =>
      accountId && !company
        ? formerClubsOf(accountId, facts?.companies ?? []).find((club) => club.id === companyId)
        : undefined,
    // Once per account and address: the memory is updated right after (below).
    [accountId, companyId],
  );
  useEffect(() => {
    if (accountId && facts?.companies) rememberClubs(accountId, facts.companies);
  }, [accountId, facts?.companies]);
  useDocumentTitle(
    [ladderName, company ? company.name : undefined, t('manager.title')].filter(Boolean).join(' · '),
  );

  const ladderPath = useCallback(
    (name?: string) =>
      name === undefined
        ? pagePath('manager', locale, companyId, 'ladders')
        : pagePath('manager', locale, companyId, 'ladders', name),
    [locale, companyId],
  );

  const reloadLadders = useCallback(async () => {
    const list = await getLadders(companyId);
    setLadders(list);
    return list;
  }, [companyId]);

  // On start: the ladders, then the first one unless the address names one.
  const startName = useRef(ladderName);
  useEffect(() => {
    if (!company) return;
    let cancelled = false;
    reloadLadders()
      .then((list) => {
        if (cancelled || startName.current !== undefined || !list[0]) return;
        void navigate(ladderPath(list[0].name), { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled && isApiError(error) && error.status !== 401) alerts.error(refusalText(error.error));
      });
    return () => {
      cancelled = true;
    };
    // Once per company.
  }, [companyId, company !== undefined]);

  const onLadderChanged = async (push: LadderChangedPayload) => {
    if (push.companyId !== companyId) return;
    const shown = ladders?.find((ladder) => sameName(ladder.name, ladderName));
    const list = await reloadLadders().catch(() => undefined);
    if (push.change === 'created') {
      if (!sameName(push.name, ladderName)) void navigate(ladderPath(push.name));
    } else if (shown && shown.uuid === push.ladderId) {
      if (push.change === 'deleted') {
        const first = list?.[0];
        void navigate(first ? ladderPath(first.name) : ladderPath(), { replace: true });
      } else if (!sameName(push.name, ladderName)) {
        void navigate(ladderPath(push.name), { replace: true });
      }
    }
  };

  // A removed manager's open page loses access on the next call: say so rather than leave a broken screen.
  useEffect(() => {
    if (!company) return;
    let checking = false;
    return addInterceptor({
      onError: (error, call) => {
        if (checking || (error.status !== 403 && error.status !== 404) || !call.path.startsWith(ADMIN_API))
          return;
        checking = true;
        getCompanies()
          .then((companies) => {
            if (!companies.some((c) => c.id === companyId)) setLostAccess(true);
          })
          .catch(() => undefined)
          .finally(() => (checking = false));
      },
    });
  }, [companyId, company !== undefined]);

  useLiveRoom(company && !lostAccess ? liveRooms.company(companyId) : null, {
    'ladder.changed': (push) => void onLadderChanged(push),
    onResync: () => void reloadLadders().catch(() => undefined),
  });

  const context = useMemo<ManagerContext>(
    () => ({ companyId, companyName: company?.name ?? '', ladders, reloadLadders, ladderPath }),
    [companyId, company?.name, ladders, reloadLadders, ladderPath],
  );

  if (!company) {
    return (
      <section className="mx-auto max-w-lg py-10 text-center sm:py-16" role="alert">
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">
          {formerHere ? t('manager.lostAccess', { company: formerHere.name }) : t('manager.noCompany')}
        </h1>
        <p className="mt-3 text-base text-ink-600">
          {formerHere ? t('manager.lostAccessText') : t('manager.noCompanyText')}
        </p>
        <Link to={pagePath('company', locale)} className={`${primaryButtonClass} mt-6`}>
          {t('manager.companies')}
        </Link>
      </section>
    );
  }

  if (lostAccess) {
    return (
      <section className="mx-auto max-w-lg py-10 text-center sm:py-16" role="alert" data-testid="lost-access">
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">
          {t('manager.lostAccess', { company: company.name })}
        </h1>
        <p className="mt-3 text-base text-ink-600">{t('manager.lostAccessText')}</p>
        <Link to={pagePath('company', locale)} className={`${primaryButtonClass} mt-6`}>
          {t('manager.companies')}
        </Link>
      </section>
    );
  }

  const current = ladders?.find((ladder) => sameName(ladder.name, ladderName));
  return (
    <>
      <div className="mb-5 sm:mb-8">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase sm:text-sm">
          {t('manager.title')}
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink-900 sm:text-3xl">
          {company.name}
        </h1>
      </div>
      <div
        role="toolbar"
        aria-label={t('manager.ladder')}
        className="mb-6 flex flex-wrap items-center gap-2 rounded-2xl bg-brand-800 px-3 py-2.5 text-white shadow-sm sm:gap-3 sm:px-4"
      >
        {/* With no ladders the selector is empty (spec); on a phone its row would only leave a gap. */}
        <div
          className={`${ladders?.length ? '' : 'max-sm:hidden '}flex min-w-0 flex-1 basis-full items-center gap-2 sm:basis-0 sm:gap-3`}
        >
          <span className="hidden text-sm font-medium text-brand-200 sm:inline">{t('manager.ladder')}</span>
          {ladders && ladders.length > 1 ? (
            <Dropdown
              label={t('manager.chooseLadder')}
              srOnlyLabel
              tone="dark"
              className="w-full max-w-xs"
              value={current?.name ?? null}
              placeholder={t('manager.chooseLadder')}
              options={ladders.map((ladder) => ({ value: ladder.name, label: ladder.name }))}
              onChange={(name) => void navigate(ladderPath(name))}
            />
          ) : ladders && ladders.length === 1 ? (
            <Link
              to={ladderPath(ladders[0]!.name)}
              className="truncate rounded-md px-1 text-base font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-white"
              data-testid="ladder-label"
            >
              {ladders[0]!.name}
            </Link>
          ) : (
            <span className="min-h-6" data-testid="ladder-label" />
          )}
        </div>
        <div className="flex items-center gap-1.5 max-sm:w-full max-sm:justify-between">
          <Link
            to={ladderPath()}
            className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-800 shadow-xs hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <AddIcon className="size-5" />
            {t('manager.addLadder')}
          </Link>
          <div className="flex items-center gap-1.5">
            <Link
              to={pagePath('audit', locale, companyId)}
              className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              title={t('manager.history')}
            >
              <HistoryIcon className="size-5" />
              <span className="sr-only sm:not-sr-only">{t('manager.history')}</span>
            </Link>
            <SectionToggle
              label={t('manager.managers')}
              icon={ManagersIcon}
              open={managersOpen}
              panel={managersPanel}
              onToggle={() => setManagersOpen((open) => !open)}
              testId="managers-toggle"
            />
            <SectionToggle
              label={t('manager.webhooks')}
              icon={WebhooksIcon}
              open={webhooksOpen}
              panel={webhooksPanel}
              onToggle={() => setWebhooksOpen((open) => !open)}
              testId="webhooks-toggle"
            />
            {TournamentsSection && (
              <SectionToggle
                label={t('manager.tournaments')}
                icon={TournamentsIcon}
                open={tournamentsOpen}
                panel={tournamentsPanel}
                onToggle={() => setTournamentsOpen((open) => !open)}
                testId="tournaments-toggle"
              />
            )}
          </div>
        </div>
      </div>
      {/* The Managers section (DESIGN.md §9), loaded when first opened. */}
      <div
        id={managersPanel}
        hidden={!managersOpen}
        className="mb-6 rounded-2xl bg-white px-4 py-4 shadow-xs ring-1 ring-ink-200 sm:px-5"
      >
        {managersOpen && (
          <Suspense fallback={<p className="text-sm text-ink-600">{t('manager.loadingManagers')}</p>}>
            <ManagersSection
              companyId={companyId}
              companyName={company.name}
              onLeft={() => setLostAccess(true)}
            />
          </Suspense>
        )}
      </div>
      {/* The Webhooks section (DESIGN.md §18), loaded when first opened. */}
      <div
        id={webhooksPanel}
        hidden={!webhooksOpen}
        className="mb-6 rounded-2xl bg-white px-4 py-4 shadow-xs ring-1 ring-ink-200 sm:px-5"
      >
        {webhooksOpen && (
          <Suspense fallback={<p className="text-sm text-ink-600">{t('manager.loadingWebhooks')}</p>}>
            <WebhooksSection companyId={companyId} companyName={company.name} />
          </Suspense>
        )}
      </div>
      {/* The Tournaments section (DESIGN.md §16), loaded when first opened. */}
      <div
        id={tournamentsPanel}
        hidden={!tournamentsOpen}
        className="mb-6 rounded-2xl bg-white px-4 py-4 shadow-xs ring-1 ring-ink-200 sm:px-5"
      >
        {tournamentsOpen && TournamentsSection && (
          <Suspense fallback={<p className="text-sm text-ink-600">{t('manager.loadingTournaments')}</p>}>
            <TournamentsSection companyId={companyId} />
          </Suspense>
        )}
      </div>
      {/* The ladder screen starts afresh for each ladder. */}
      <div key={ladderName ?? ''}>
        <Outlet context={context} />
      </div>
    </>
  );
}
