import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { clampToLatestDate } from '@courtside/events/matches/match-dates';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { halfScoredSets, recalculate } from '@courtside/events/matches/scoring';
import { isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { pagePath, type Locale } from '../../../lib/locale';
import { matchesPagePath, webAddress } from '@courtside/events/page-paths';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import {
  cancelMatch,
  getMatch,
  recalculateMatch,
  saveMatch,
  matchSchema,
  type EventInfo,
  type Match,
  type MatchStatus,
  type MatchTeam,
  type Side,
} from '../api/matches';
import { MatchScoreWidget } from './MatchScoreWidget';
import {
  normaliseDateTimeInput,
  scorePayload,
  setInputCount,
  toLocalDate,
  withTeam,
  mayCancelMatch,
  withViewerFlags,
  liveNow,
  mayScoreLive,
  playsIn,
  resultSettledForPlayers,
  scoreSummary,
  withLiveSuperTiebreak,
  withLiveUpdate,
} from '../model';
import { SportIcon } from './SportIcon';
import { ResultConfirmation } from './ResultConfirmation';

// The cancel dialog (Headless UI Dialog) loads the first time it opens, not with every card.
const CancelMatchDialog = lazy(async () => ({
  default: (await import('./CancelMatchDialog')).CancelMatchDialog,
}));
import { ChevronDownIcon, MailIcon } from '../../../components/icons/icons';

// Contacts (and libphonenumber) load when a player opens them, not with the page.
const MatchContacts = lazy(async () => ({ default: (await import('./MatchContacts')).MatchContacts }));

/**
 * Match card (spec §2 "Match card", §4 "Match"): sport icon, event/part/round (links to the matches
 * page filtered by event), both sides with members, positions and set scores, a winner mark, the date
 * and time (a click downloads `{name}.ics`), and a status text.
 *
 * Editable matches (`match.editable` and the `editable` prop) get Edit, then Save / Cancel, a date and
 * time editor (clamped to `match.latestDate`, keeping the time) and a Cancel-match button with its
 * confirmation dialog. Every score or special-status change asks the server to recalculate and
 * replaces the shown match with the answer; Save and cancelling the match show the match the command answered
 * (read again only when the answer is a 202: the projection was late).
 * While not editing, `match.updated` pushes on `match:{id}` replace the match (the viewer's own
 * `editable` and `itsMe` flags are kept).
 */
export interface MatchCardProps {
  match: Match;
  event?: EventInfo;
  /** The view allows editing; the server's `match.editable` must say so too. */
  editable?: boolean;
  /** Compact, no links, no editing (the embeddable widget). */
  widget?: boolean;
  /** Display flags of the sides (spec §2): first name and initial; only the first member. */
  shortName?: boolean;
  onlyOne?: boolean;
  /** Shows event, part and round (default true). */
  showEvent?: boolean;
  /** Follows `match:{id}` (default true; off when the parent list follows a room itself). */
  live?: boolean;
  /** The viewer manages the season: Cancel match also for a match with a result. */
  manager?: boolean;
  /** Called with the match after a save, a cancellation or a live update. */
  onChange?: (match: Match) => void;
  /** A match scored live links to its live page (default true; off on that page). */
  liveLink?: boolean;
}

export function formatMatchDate(value: string | null, locale: Locale): { date: string; time: string } | null {
  const date = toLocalDate(value);
  if (!date || !value?.includes('T')) return null;
  return {
    // The weekday helps for this year's matches; other years show the year instead.
    date: formatDate(
      date,
      date.getFullYear() === new Date().getFullYear() ? 'EEE d MMM' : 'd MMM yyyy',
      locale,
    ),
    time: formatDate(date, 'HH:mm', locale),
  };
}

/** The pure scoring rules applied at once, so winners show before the server answers. */
function preview(match: Match): Match {
  try {
    const payload = scorePayload(match);
    const scored = recalculate(payload.defender, payload.challenger, match.matchType);
    const side = (team: MatchTeam, which: Side): MatchTeam => ({
      ...team,
      winner: scored[which].winner,
      matchSets: team.matchSets.map((set, index) => {
        const result = scored[which].matchSets[index];
        return result ? { ...set, winner: result.winner, superTiebreak: result.superTiebreak } : set;
      }),
    });
    return {
      ...match,
      status: scored.status,
      defender: side(match.defender, 'defender'),
      challenger: side(match.challenger, 'challenger'),
    };
  } catch {
    return match;
  }
}

const statusStyles: Record<MatchStatus, string> = {
  planned: 'bg-sky-50 text-sky-800 ring-sky-200',
  completed: 'bg-brand-50 text-brand-800 ring-brand-200',
  retired: 'bg-amber-50 text-amber-800 ring-amber-200',
  walkover: 'bg-amber-50 text-amber-800 ring-amber-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
};

export function MatchCard({
  match: given,
  event,
  editable: viewAllowsEditing = false,
  widget = false,
  shortName = false,
  onlyOne = false,
  showEvent = true,
  live = true,
  manager = false,
  onChange,
  liveLink = true,
}: MatchCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const dateFieldId = useId();

  const [match, setMatch] = useState<Match>(given);
  const [editing, setEditing] = useState(false);
  const [draft, setDraftState] = useState<Match>(given);
  const [busy, setBusy] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's leave transition.
  const [cancelOpened, setCancelOpened] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const contactPanelId = useId();
  const [clampedTo, setClampedTo] = useState<string | null>(null);
  // Save was pressed with a set scored for one side only: the form says which (DESIGN.md §5).
  const [halfShown, setHalfShown] = useState(false);
  const halfSetErrorId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const editingRef = useRef(false);
  const draftRef = useRef<Match>(given);
  const sequence = useRef(0);
  const lastSent = useRef('');

  const setDraft = (next: Match) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const setEditingMode = (value: boolean) => {
    editingRef.current = value;
    setEditing(value);
  };

  // A new match from the parent (a list reload or a live update it follows) replaces ours unless editing.
  useEffect(() => {
    if (!editingRef.current) setMatch(given);
  }, [given]);

  const showError = useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        const issue = error.issues[0]?.message;
        alerts.error(
          error.kind === 'network'
            ? t('matchCard.networkError')
            : issue
              ? `${error.error}: ${issue}`
              : error.error,
        );
      } else {
        alerts.error(t('matchCard.failed'));
      }
    },
    [alerts, t],
  );

  const reload = useCallback(async () => {
    const fresh = await getMatch(given.id);
    setMatch(fresh);
    onChange?.(fresh);
    return fresh;
  }, [given.id, onChange]);

  /** Shows the match a command answered; only a late projection (202, no match in the answer) reads it again. */
  const adopt = useCallback(
    async (answered: Match | undefined) => {
      if (!answered) return reload();
      setMatch(answered);
      onChange?.(answered);
      return answered;
    },
    [onChange, reload],
  );

  useLiveRoom(live ? liveRooms.match(given.id) : null, {
    'match.updated': (payload) => {
      const parsed = matchSchema.safeParse(payload.match);
      if (!parsed.success || parsed.data.id !== given.id || editingRef.current) return;
      const next = withViewerFlags(parsed.data, match);
      setMatch(next);
      onChange?.(next);
      // A push never carries why a result is disputed: a side or a manager reads the match again to see it.
      if (next.editable && next.confirmation.state === 'disputed' && !next.confirmation.reason)
        void reload().catch(() => undefined);
    },
    'live.updated': (payload) => {
      const next = withLiveUpdate(match, payload);
      if (!next || editingRef.current) return;
      setMatch(next);
      onChange?.(next);
    },
    onResync: () => {
      if (!editingRef.current) void reload().catch(() => undefined);
    },
  });

  // A player (not managing it here) does not change a confirmed or disputed result (DESIGN.md §5).
  const canEdit =
    viewAllowsEditing &&
    !widget &&
    match.editable &&
    match.status !== 'cancelled' &&
    !(!manager && playsIn(match) && resultSettledForPlayers(match));
  // Contact details for the match's players and the club's managers (`match.editable`), loaded on demand.
  const canContact = !widget && match.editable && !editing;
  // DESIGN.md §7: the players and the club's managers score a planned match live; everyone may follow it.
  const canScore = !widget && !editing && mayScoreLive(match);
  const liveState = editing ? null : liveNow(match, Date.now());
  const livePath = matchesPagePath(locale, { match: match.id });
  const shown = editing ? draft : withLiveSuperTiebreak(match);

  const startEditing = () => {
    setDraft(match);
    lastSent.current = JSON.stringify(scorePayload(match));
    setClampedTo(null);
    setHalfShown(false);
    setEditingMode(true);
  };

  const discard = () => {
    sequence.current++;
    setEditingMode(false);
    setDraft(match);
    setClampedTo(null);
  };

  const changeTeam = (side: Side, team: MatchTeam) => {
    if (!editingRef.current) return;
    const next = preview(withTeam(draftRef.current, side, team));
    setDraft(next);
    // The api refuses half a set: the preview waits until both sides have their games (and an answer
    // still on its way for the scores before is dropped).
    if (halfScoredSets(next.defender, next.challenger).length > 0) {
      sequence.current++;
      lastSent.current = '';
      return;
    }
    const payload = JSON.stringify(scorePayload(next));
    if (payload === lastSent.current) return;
    lastSent.current = payload;
    const mine = ++sequence.current;
    recalculateMatch(next)
      .then((answer) => {
        if (mine !== sequence.current || !editingRef.current) return;
        const current = draftRef.current;
        setDraft({ ...withViewerFlags(answer, current), date: current.date, editable: current.editable });
      })
      .catch((error: unknown) => {
        if (mine === sequence.current) showError(error);
      });
  };

  const changeDate = (value: string) => {
    const normalised = normaliseDateTimeInput(value);
    const clamped = normalised === null ? null : clampToLatestDate(normalised, match.latestDate);
    setClampedTo(normalised !== null && clamped !== normalised ? match.latestDate : null);
    setDraft({ ...draftRef.current, date: clamped });
  };

  const save = async () => {
    if (halfScoredSets(draftRef.current.defender, draftRef.current.challenger).length > 0) {
      setHalfShown(true);
      // After the render that marks it: focus the first set input without its score.
      requestAnimationFrame(() =>
        cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    sequence.current++;
    try {
      await adopt(await saveMatch(draftRef.current));
      setEditingMode(false);
      alerts.info(t('matchCard.saved'));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmCancel = async () => {
    setBusy(true);
    sequence.current++;
    try {
      const cancelled = await cancelMatch(match.id);
      setCancelOpen(false);
      await adopt(cancelled);
      setEditingMode(false);
      alerts.info(t('matchCard.cancelled'));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const downloadCalendar = async () => {
    // The calendar code (the `ics` package) loads on the first click only.
    const { buildMatchCalendar, downloadCalendarFile } = await import('../../../lib/calendar');
    const url = `${window.location.origin}${webAddress(matchesPagePath(locale, { match: match.id }))}`;
    const file = buildMatchCalendar(match, event, { url });
    if (file) downloadCalendarFile(file);
  };

  const when = formatMatchDate(shown.date, locale);
  const dateView = when ? (
    <button
      type="button"
      onClick={() => void downloadCalendar().catch(showError)}
      className={`-ml-1 inline-flex min-w-0 items-center gap-1.5 rounded-md px-1 py-0.5 ${widget ? 'text-xs' : 'text-sm'} text-ink-700 hover:bg-ink-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700`}
      title={t('matchCard.addToCalendar')}
      data-testid="match-date"
    >
      <CalendarIcon />
      <span className="font-medium">{when.date}</span>
      <span className="text-ink-500">{when.time}</span>
      <span className="sr-only">{t('matchCard.addToCalendar')}</span>
    </button>
  ) : (
    <span
      className={`inline-flex items-center gap-1.5 ${widget ? 'text-xs' : 'text-sm'} text-ink-500`}
      data-testid="match-date"
    >
      <CalendarIcon />
      {t('matchCard.noDate')}
    </span>
  );
  const setCount = editing
    ? setInputCount(draft)
    : Math.max(shown.defender.matchSets.length, shown.challenger.matchSets.length);
  const summary = scoreSummary(shown);
  const halfSets = editing && halfShown ? halfScoredSets(draft.defender, draft.challenger) : [];
  const missingFor = (side: Side) =>
    halfSets.filter((set) => set.missing === side).map((set) => set.order - 1);
  const eventPath = event ? matchesPagePath(locale, { event: event.name.id }) : '';
  const linkClass =
    'rounded-sm hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';

  return (
    <article
      ref={cardRef}
      className={`rounded-xl bg-white shadow-xs ring-1 ring-ink-200 ${
        shown.status === 'cancelled' ? 'opacity-80' : ''
      } ${editing ? 'ring-2 ring-brand-300' : ''}`}
      data-testid="match-card"
      data-match-id={match.id}
      data-status={shown.status}
      aria-label={t('matchCard.label', {
        defender: shown.defender.members.map((m) => m.name).join(' & '),
        challenger: shown.challenger.members.map((m) => m.name).join(' & '),
      })}
    >
      <header
        className={`flex items-center gap-2 border-b border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
      >
        <SportIcon
          sportsCategory={shown.sportsCategory}
          className={`${widget ? 'size-5' : 'size-6'} shrink-0 text-brand-700`}
        />
        <div className={`min-w-0 flex-1 text-xs text-ink-600 sm:text-sm ${showEvent ? 'truncate' : ''}`}>
          {!showEvent && dateView}
          {showEvent && event && (
            <>
              {widget ? (
                <span className="font-semibold text-ink-800">{event.name.name}</span>
              ) : (
                <Link to={eventPath} className={`font-semibold text-ink-800 ${linkClass}`}>
                  {event.name.name}
                </Link>
              )}
              {[event.part, event.round].map((part) =>
                part ? (
                  <span key={part.id}>
                    <span aria-hidden="true"> · </span>
                    {widget ? (
                      part.name
                    ) : (
                      <Link to={eventPath} className={linkClass}>
                        {part.name}
                      </Link>
                    )}
                  </span>
                ) : null,
              )}
            </>
          )}
        </div>
        {liveState ? (
          <span
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase"
            data-testid="live-badge"
          >
            <span className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" aria-hidden="true" />
            {t('matchCard.live')}
            <span className="sr-only">{t('matchCard.liveGame', liveState.game)}</span>
          </span>
        ) : (
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${statusStyles[shown.status]}`}
            data-testid="match-status"
          >
            {t(`matchCard.status.${shown.status}`)}
          </span>
        )}
      </header>

      <div className={widget ? 'space-y-1.5 px-3 py-2' : 'space-y-2.5 px-4 py-3'}>
        {summary && <p className="sr-only">{t('matchCard.score', { score: summary })}</p>}
        <MatchScoreWidget
          team={shown.defender}
          side="defender"
          opponent={shown.challenger}
          editable={editing}
          setCount={setCount}
          widget={widget}
          shortName={shortName}
          onlyOne={onlyOne}
          showRole={!widget}
          live={
            liveState
              ? { game: liveState.game.defender, serving: liveState.server === 'defender' }
              : undefined
          }
          missingSets={missingFor('defender')}
          errorId={halfSetErrorId}
          onChange={(team) => changeTeam('defender', team)}
        />
        <div className="border-t border-dashed border-ink-200" aria-hidden="true" />
        <MatchScoreWidget
          team={shown.challenger}
          side="challenger"
          opponent={shown.defender}
          editable={editing}
          setCount={setCount}
          widget={widget}
          shortName={shortName}
          onlyOne={onlyOne}
          showRole={!widget}
          live={
            liveState
              ? { game: liveState.game.challenger, serving: liveState.server === 'challenger' }
              : undefined
          }
          missingSets={missingFor('challenger')}
          errorId={halfSetErrorId}
          onChange={(team) => changeTeam('challenger', team)}
        />
        {halfSets.length > 0 && (
          <p
            id={halfSetErrorId}
            className="text-sm font-medium text-red-700"
            role="alert"
            data-testid="half-set"
          >
            {halfSets.map((set) => t('matchCard.halfSet', { set: set.order })).join(' ')}
          </p>
        )}
      </div>

      {!editing && (
        <ResultConfirmation
          match={match}
          widget={widget}
          onMatch={(answer) => {
            const next = withViewerFlags(answer, match);
            setMatch(next);
            onChange?.(next);
          }}
          onError={showError}
          onInfo={(text) => alerts.info(text)}
        />
      )}

      <>
        {(showEvent || canEdit || canContact || canScore) && (
          <footer
            className={`flex flex-wrap items-center gap-2 border-t border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
          >
            {editing ? (
              <div className="flex w-full flex-col gap-1 sm:w-auto">
                <label htmlFor={dateFieldId} className="text-xs font-medium text-ink-700">
                  {t('matchCard.dateLabel')}
                </label>
                <input
                  id={dateFieldId}
                  type="datetime-local"
                  value={draft.date ?? ''}
                  max={match.latestDate ? `${match.latestDate}T23:59` : undefined}
                  onChange={(event) => changeDate(event.currentTarget.value)}
                  className="rounded-md border-0 bg-white px-2 py-1.5 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
                />
                {clampedTo && (
                  <p className="text-xs text-amber-700" role="status">
                    {t('matchCard.clamped', {
                      date: formatMatchDate(`${clampedTo}T00:00`, locale)?.date ?? clampedTo,
                    })}
                  </p>
                )}
              </div>
            ) : showEvent ? (
              dateView
            ) : null}

            {(canEdit || canContact || canScore || (liveLink && !widget && match.live)) && (
              <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
                {liveLink && !widget && match.live && !editing && (
                  <Link to={livePath} className={`${secondaryButtonClass} py-1.5`} data-testid="follow-live">
                    {t('matchCard.followLive')}
                  </Link>
                )}
                {canScore && (
                  <Link
                    to={pagePath('matches', locale, 'score', match.id)}
                    className={`${primaryButtonClass} py-1.5`}
                  >
                    {t('matchCard.scoreLive')}
                  </Link>
                )}
                {canContact && (
                  <button
                    type="button"
                    aria-expanded={contactOpen}
                    aria-controls={contactPanelId}
                    onClick={() => setContactOpen((open) => !open)}
                    className={`${secondaryButtonClass} group py-1.5`}
                  >
                    <MailIcon className="size-3.5" />
                    {t('matchCard.contact.button')}
                    <ChevronDownIcon className="size-3.5 transition-transform group-aria-expanded:rotate-180" />
                  </button>
                )}
                {!canEdit ? null : editing ? (
                  <>
                    {mayCancelMatch(match, manager) && (
                      <button
                        type="button"
                        onClick={() => {
                          setCancelOpened(true);
                          setCancelOpen(true);
                        }}
                        disabled={busy}
                        className="rounded-lg px-2 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
                      >
                        {t('matchCard.cancelMatch')}
                      </button>
                    )}
                    <button type="button" onClick={discard} disabled={busy} className={secondaryButtonClass}>
                      {t('matchCard.discard')}
                    </button>
                    <button
                      type="button"
                      onClick={() => void save()}
                      disabled={busy}
                      className={primaryButtonClass}
                    >
                      {t('matchCard.save')}
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={startEditing} className={`${secondaryButtonClass} py-1.5`}>
                    <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
                      <path
                        d="M11.5 2.5l2 2L6 12l-2.75.75L4 10l7.5-7.5Z"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.5"
                        strokeLinejoin="round"
                      />
                    </svg>
                    {t('matchCard.edit')}
                  </button>
                )}
              </div>
            )}
          </footer>
        )}
        {canContact && contactOpen && (
          <section
            id={contactPanelId}
            className="rounded-b-xl border-t border-ink-100 bg-ink-50/60 px-4 py-3"
            aria-label={t('matchCard.contact.title')}
          >
            <Suspense fallback={null}>
              <MatchContacts matchId={match.id} />
            </Suspense>
          </section>
        )}
      </>

      {canEdit && cancelOpened && (
        <Suspense fallback={null}>
          <CancelMatchDialog
            open={cancelOpen}
            busy={busy}
            onClose={() => setCancelOpen(false)}
            onConfirm={() => void confirmCancel()}
          />
        </Suspense>
      )}
    </article>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-brand-700" aria-hidden="true">
      <rect x="2" y="3" width="12" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path
        d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
