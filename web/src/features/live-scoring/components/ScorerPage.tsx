import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { liveDefaults, type LiveConfig, type Side } from '@courtside/events/live/engine';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { Spinner } from '../../../components/feedback/Spinner';
import { primaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { i18n } from '../../../lib/i18n';
import { matchesPagePath } from '@courtside/events/page-paths';
import { addLiveScoringTexts } from '../../../locales/live-scoring';
import { liveConnectionAtom } from '../../../stores/live';
import { getScoredMatch, type ScoredMatch } from '../api/scored-match';
import { readScoredMatch, saveScoredMatch } from '../api/offline-store';
import type { StartOptions } from '../api/live';
import { useLiveScorer } from '../hooks/useLiveScorer';
import { mayScoreLive, sideNames } from '../../../lib/match-sides';
import { playPhase } from '../live-scorer';
import { registerServiceWorker } from '../../../lib/service-worker';
import { LiveBoard } from './LiveBoard';
import { ConflictDialog } from './ConflictDialog';
import { liveFailureText } from '../live-refusals';

addLiveScoringTexts(i18n);

const SIDES: readonly Side[] = ['defender', 'challenger'];

/**
 * The scorer `/matches/{locale}/score/{matchId}` (DESIGN.md §7): a full screen for one thumb on a phone, outside
 * the app's frame (no top bar, no loading veil over the buttons): the score, two big buttons with the sides'
 * names, Undo, End for a games-only match; before the first point, who serves first, no-ad and the deciding set.
 */
export function ScorerPage() {
  const { matchId = '' } = useParams();
  const { t } = useTranslation();
  const locale = useLocale();
  const [match, setMatch] = useState<ScoredMatch | 'failed' | null>(null);
  const scorer = useLiveScorer(matchId);
  const connection = useAtomValue(liveConnectionAtom);
  const [ending, setEnding] = useState(false);
  const unsentId = useId();
  /** The page's main control: the first point button, or the live match page's link once the match is over. */
  const firstPoint = useRef<HTMLButtonElement>(null);
  const followLink = useRef<HTMLAnchorElement>(null);
  useDocumentTitle(t('liveScoring.scorer.title'));
  // From the first visit on, the scorer opens with no network (DESIGN.md §13).
  useEffect(registerServiceWorker, []);

  useEffect(() => {
    const controller = new AbortController();
    // The match as last read is kept on the phone: with no connection the scorer opens from it (DESIGN.md §13).
    getScoredMatch(matchId, controller.signal).then(
      (read) => {
        setMatch(read);
        void saveScoredMatch(read);
      },
      async () => {
        const kept = await readScoredMatch(matchId);
        if (!controller.signal.aborted) setMatch(kept ?? 'failed');
      },
    );
    return () => controller.abort();
  }, [matchId]);

  const matchPath = matchesPagePath(locale, { match: matchId });
  const names =
    match && match !== 'failed'
      ? { defender: sideNames(match.defender), challenger: sideNames(match.challenger) }
      : null;

  let body;
  if (match === 'failed' || scorer.status === 'failed') {
    body = <Message text={t('liveScoring.scorer.loadFailed')} />;
  } else if (!match || !names || scorer.status === 'loading') {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status">
        <Spinner />
        <span className="sr-only">{t('loading.label')}</span>
      </div>
    );
  } else if (!match.editable) {
    body = <Message text={t('liveScoring.scorer.notAllowed')} />;
  } else if (scorer.status === 'not-live') {
    body = mayScoreLive(match) ? (
      <StartForm
        match={match}
        names={names}
        error={scorer.notice?.kind === 'failed' ? liveFailureText(scorer.notice.error, t) : null}
        onStart={scorer.start}
      />
    ) : (
      <Message text={t('liveScoring.scorer.notScorable')} />
    );
  } else if (scorer.shown) {
    const shown = scorer.shown;
    const rules = scorer.queue?.rules ?? null;
    const phase = playPhase(shown);
    body = (
      <>
        {(phase === 'tiebreak' || phase === 'superTiebreak') && (
          <p
            className="text-center text-sm font-semibold tracking-wide text-brand-800 uppercase"
            data-testid="scorer-phase"
          >
            {t(`liveScoring.board.${phase}`)}
          </p>
        )}
        <div className="rounded-2xl bg-white px-3 py-2 shadow-xs ring-1 ring-ink-200">
          <LiveBoard score={shown} names={names} large />
        </div>
        <p className="min-h-5 px-1 text-center text-sm" role="status" data-testid="scorer-status">
          {scorer.notice?.kind === 'failed' ? (
            <span className="text-red-700">
              {t('liveScoring.scorer.failed', { error: liveFailureText(scorer.notice.error, t) })}
            </span>
          ) : scorer.notice?.kind === 'resultStays' ? (
            <span className="text-red-700">{t('liveScoring.scorer.resultStays')}</span>
          ) : shown.finished ? (
            <span className="font-semibold text-ink-900">
              {t('liveScoring.scorer.over')}
              {shown.winner && ` · ${t('liveScoring.board.winner', { name: names[shown.winner] })}`}
            </span>
          ) : scorer.offline ? (
            <span className="text-amber-800">{t('liveScoring.scorer.offline')}</span>
          ) : scorer.pending > 0 ? (
            <span className="text-ink-600">{t('liveScoring.scorer.sending')}</span>
          ) : (
            <span className="text-lime-800" data-testid="all-sent">
              {t('liveScoring.scorer.allSent')}
            </span>
          )}
        </p>
        {scorer.unsent.length > 0 && (
          <section aria-labelledby={unsentId} data-testid="unsent">
            <h2 id={unsentId} className="px-1 text-sm font-semibold text-amber-800">
              {t('liveScoring.scorer.notSentCount', { count: scorer.unsent.length })}
            </h2>
            <ol className="mt-1 flex flex-wrap gap-1.5 px-1" aria-label={t('liveScoring.scorer.notSentList')}>
              {scorer.unsent.slice(-4).map((point) => (
                <li
                  key={point.seq}
                  className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs text-amber-900 ring-1 ring-amber-300"
                  data-testid="unsent-point"
                  data-seq={point.seq}
                >
                  {t('liveScoring.scorer.pointNumber', { seq: point.seq, name: names[point.winner] })} ·{' '}
                  <em className="not-italic font-semibold">{t('liveScoring.scorer.notSent')}</em>
                </li>
              ))}
            </ol>
          </section>
        )}
        {shown.finished ? (
          <Link to={matchPath} ref={followLink} className={`${primaryButtonClass} py-4 text-base`}>
            {t('liveScoring.scorer.follow')}
          </Link>
        ) : (
          <div className="flex min-h-0 flex-1 flex-col gap-3">
            {SIDES.map((side) => (
              <button
                key={side}
                ref={side === SIDES[0] ? firstPoint : undefined}
                type="button"
                onClick={() => scorer.tap({ kind: 'point', winner: side })}
                className={`flex min-h-28 flex-1 touch-manipulation flex-col items-center justify-center gap-1 rounded-3xl px-4 text-white shadow-md select-none active:scale-[0.98] focus-visible:outline-4 focus-visible:outline-offset-2 ${
                  side === 'defender'
                    ? 'bg-brand-700 focus-visible:outline-brand-400 active:bg-brand-800'
                    : 'bg-sky-700 focus-visible:outline-sky-400 active:bg-sky-800'
                }`}
                data-testid={`point-${side}`}
              >
                {/* The name is the text shown with "Point for" before it (axe: the visible text is part of the name). */}
                <span className="sr-only">{t('liveScoring.scorer.pointForPrefix')} </span>
                <span className="line-clamp-2 text-center text-2xl leading-tight font-bold">
                  {names[side]}
                </span>
                <span className="text-sm font-medium text-white">
                  {shown.server === side ? `● ${t('liveScoring.board.serving')}` : '+1'}
                </span>
              </button>
            ))}
          </div>
        )}
        <div className={`flex items-center gap-3 ${shown.finished && !scorer.mayUndo ? 'hidden' : ''}`}>
          <button
            type="button"
            onClick={() => scorer.tap({ kind: 'undo' })}
            disabled={!scorer.mayUndo}
            className="min-h-14 flex-1 rounded-2xl bg-white text-base font-semibold text-ink-900 shadow-xs ring-1 ring-ink-300 active:bg-ink-100 disabled:opacity-40"
          >
            ↶ {t('liveScoring.scorer.undo')}
          </button>
          {rules?.matchType === 'GAMESONLY' && !shown.finished && (
            <button
              type="button"
              onClick={() => setEnding(true)}
              className="min-h-14 flex-1 rounded-2xl bg-white text-base font-semibold text-red-700 shadow-xs ring-1 ring-red-300 active:bg-red-50"
            >
              {t('liveScoring.scorer.end')}
            </button>
          )}
        </div>
        <ConflictDialog
          conflict={scorer.conflict}
          names={names}
          onChoose={scorer.resolveConflict}
          focusMainControl={() => (followLink.current ?? firstPoint.current)?.focus()}
        />
        <ConfirmDialog
          open={ending}
          message={t('liveScoring.scorer.endQuestion')}
          confirmLabel={t('liveScoring.scorer.end')}
          cancelLabel={t('liveScoring.scorer.endKeep')}
          onClose={(confirmed) => {
            setEnding(false);
            if (confirmed) scorer.tap({ kind: 'end' });
          }}
        />
      </>
    );
  }

  return (
    <div
      className="fixed inset-0 overflow-y-auto bg-ink-100 text-ink-900"
      data-testid="scorer"
      data-seq={scorer.shown?.seq}
      data-pending={scorer.pending}
      data-offline={scorer.offline || undefined}
      data-unsent={scorer.unsent.length}
    >
      <div className="mx-auto flex min-h-full w-full max-w-md flex-col gap-3 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <header className="flex items-center gap-2">
          <Link
            to={matchPath}
            className="-ml-1 rounded-lg px-2 py-2 text-sm font-semibold text-brand-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            ← {t('liveScoring.scorer.back')}
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-center text-base font-semibold">
            {t('liveScoring.scorer.title')}
          </h1>
          <span
            className={`flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
              scorer.offline
                ? 'bg-amber-50 text-amber-900 ring-amber-300'
                : 'bg-lime-50 text-lime-900 ring-lime-300'
            }`}
            title={t(`live.${connection === 'idle' ? 'connecting' : connection}Hint`)}
            data-testid="scorer-connection"
            data-state={connection}
            data-online={!scorer.offline}
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${scorer.offline ? 'bg-amber-500' : 'bg-lime-600'}`}
            />
            {scorer.offline ? t('liveScoring.scorer.offlineBadge') : t('liveScoring.scorer.online')}
          </span>
        </header>
        {/* The page's content in its landmark: the scorer is outside the app layout and its <main>. */}
        <main className="flex flex-1 flex-col gap-3">{body}</main>
      </div>
    </div>
  );
}

function Message({ text }: { text: string }) {
  return (
    <p className="rounded-2xl bg-white p-6 text-center text-sm text-ink-700 ring-1 ring-ink-200" role="alert">
      {text}
    </p>
  );
}

function StartForm({
  match,
  names,
  error,
  onStart,
}: {
  match: ScoredMatch;
  names: Record<Side, string>;
  error: string | null;
  onStart: (options: StartOptions) => Promise<void>;
}) {
  const { t } = useTranslation();
  const defaults = liveDefaults(match.sportsCategory, match.matchType);
  const [firstServer, setFirstServer] = useState<Side>('defender');
  const [noAd, setNoAd] = useState(defaults.noAd);
  const [finalSet, setFinalSet] = useState<LiveConfig['finalSet']>(defaults.finalSet);
  const [busy, setBusy] = useState(false);
  const noAdId = useId();
  const choice = (selected: boolean) =>
    `flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 text-left text-base font-semibold ring-1 ${
      selected ? 'bg-brand-50 text-brand-900 ring-2 ring-brand-600' : 'bg-white text-ink-800 ring-ink-300'
    }`;
  return (
    <form
      className="flex flex-1 flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onStart({ firstServer, noAd, finalSet }).finally(() => setBusy(false));
      }}
    >
      <div>
        <h2 className="text-xl font-bold">{t('liveScoring.scorer.startTitle')}</h2>
        <p className="mt-1 text-sm text-ink-600">{t('liveScoring.scorer.startIntro')}</p>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-ink-700">
          {t('liveScoring.scorer.firstServer')}
        </legend>
        {SIDES.map((side) => (
          <label key={side} className={choice(firstServer === side)}>
            <input
              type="radio"
              name="firstServer"
              value={side}
              checked={firstServer === side}
              onChange={() => setFirstServer(side)}
              className="size-5 accent-brand-700"
            />
            <span className="min-w-0 truncate">{names[side]}</span>
          </label>
        ))}
      </fieldset>
      {match.matchType !== 'GAMESONLY' && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-ink-700">
            {t('liveScoring.scorer.finalSet')}
          </legend>
          {(['SET', 'SUPER_TIEBREAK'] as const).map((value) => (
            <label key={value} className={choice(finalSet === value)}>
              <input
                type="radio"
                name="finalSet"
                value={value}
                checked={finalSet === value}
                onChange={() => setFinalSet(value)}
                className="size-5 accent-brand-700"
              />
              {t(`liveScoring.scorer.finalSet${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      <label
        htmlFor={noAdId}
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 ring-1 ring-ink-300"
      >
        <input
          id={noAdId}
          type="checkbox"
          checked={noAd}
          onChange={(event) => setNoAd(event.currentTarget.checked)}
          className="size-5 shrink-0 accent-brand-700"
        />
        <span className="text-sm font-medium text-ink-800">{t('liveScoring.scorer.noAd')}</span>
      </label>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {t('liveScoring.scorer.failed', { error })}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${primaryButtonClass} mt-auto min-h-14 text-base`}>
        {t('liveScoring.scorer.start')}
      </button>
    </form>
  );
}
