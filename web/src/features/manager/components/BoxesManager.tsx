import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_API } from '@courtside/events/api-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { useErrorText } from '../../../hooks/useAction';
import { i18n, type TranslationKey } from '../../../lib/i18n';
import { isApiError, request } from '../../../lib/http';
import { getBoxes } from '../../../lib/boxes-api';
import { addBoxesTexts } from '../../../locales/boxes-texts';
import { defaultBoxSettings } from '@courtside/events/boxes/model';
import type { Season } from '../api/ladders';
import { cardClass } from './tab-styles';
import { BoxActionDialog } from './BoxActionDialog';

addBoxesTexts(i18n);

interface BoxesManagerProps {
  season: Season;
  /** The ladder's seasons: a close goes into a later one. */
  seasons: readonly Season[];
  onSaved(): Promise<void>;
}

const refusals = [
  'HAS_RESULTS',
  'TOO_FEW_SIDES',
  'NOT_BOX',
  'NO_BOXES',
  'NOT_NEXT_SEASON',
  'HAS_MATCHES',
  'IN_NEXT_SEASON',
] as const;
/** A button that is aria-disabled (it keeps the focus) looks like a disabled one. */
const busyButtonClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
const boxesPath = (seasonId: string) => `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/boxes`;

/** What the season's boxes are now: how many, and the season they were closed into (null while open). */
interface Drawn {
  count: number;
  closedInto: string | null;
}

/**
 * DESIGN.md §12 on the Season tab of a box season, above the season form (which holds the format and box settings):
 * the box league's actions in a section of their own, where a manager looks for them. The draw (by position or
 * rating) asks first when it would replace boxes drawn before, and the close into a later season of the ladder always
 * asks, saying what it does (DESIGN.md §14: Cancel gives the focus back to the button; once done the focus goes to
 * the outcome, said in the section). Loaded lazily with its texts, only by a manager; nothing for a ladder season.
 */
export function BoxesManager({ season, seasons, onSaved }: BoxesManagerProps) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const alerts = useAlerts();
  const [by, setBy] = useState<'POSITION' | 'RATING'>('POSITION');
  const later = seasons.filter((other) => other.startDate > season.startDate);
  const [next, setNext] = useState(later[0]?.uuid ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [drawn, setDrawn] = useState<Drawn>();
  const [asking, setAsking] = useState<'draw' | 'close'>();
  const [outcome, setOutcome] = useState<string>();
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const isBox = season.format === 'BOX';

  /** Reads of the boxes in the order asked: an answer that comes after a later one's is dropped. */
  const reads = useRef(0);
  const loadDrawn = useCallback(
    async (signal?: AbortSignal) => {
      const read = ++reads.current;
      const boxes = await getBoxes(season.uuid, signal);
      if (read === reads.current) setDrawn({ count: boxes.length, closedInto: boxes[0]?.closedInto ?? null });
    },
    [season.uuid],
  );
  useEffect(() => {
    if (!isBox) return;
    const controller = new AbortController();
    loadDrawn(controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [isBox, loadDrawn]);
  // A draw or close made elsewhere (another manager), or one whose answer came before its projection (a `202`): the
  // boxes' push says so, and they are read again.
  useLiveRoom(isBox ? liveRooms.season(season.uuid) : null, {
    'season.updated': (push) => {
      if (push.changed.includes('boxes')) loadDrawn().catch(() => undefined);
    },
    onResync: () => void loadDrawn().catch(() => undefined),
  });
  // The outcome of a confirmed action takes the focus (its button keeps it while the request runs): after Headless
  // UI gave it back to that button, a task later.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => outcomeRef.current?.focus());
    return () => clearTimeout(timer);
  }, [outcome]);

  if (!isBox) return null;

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setFailure(undefined);
    setOutcome(undefined);
    try {
      const said = await action();
      alerts.info(said);
      setOutcome(said);
      await loadDrawn().catch(() => undefined);
    } catch (error) {
      const reason = isApiError(error) ? (error.body as { reason?: string } | undefined)?.reason : undefined;
      const known = refusals.find((code) => code === reason);
      setFailure(known ? t(`boxes.manager.refusals.${known}` as TranslationKey) : failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const draw = () =>
    run(async () => {
      const result = await request<{ boxes?: unknown[] }>('POST', `${boxesPath(season.uuid)}/draw`, {
        body: { by },
      });
      return t('boxes.manager.drawn', { count: result.boxes?.length ?? 0 });
    });
  const nextName = later.find((other) => other.uuid === next)?.name ?? '';
  const close = () =>
    run(async () => {
      const closed = await request<{ positions?: unknown[] }>('POST', `${boxesPath(season.uuid)}/close`, {
        body: { nextSeasonId: next },
      });
      await onSaved();
      return t('boxes.manager.closed', { count: closed.positions?.length ?? 0 });
    });
  const onAsked = (confirmed: boolean) => {
    const action = asking;
    setAsking(undefined);
    if (!confirmed) return;
    void (action === 'close' ? close() : draw());
  };
  // A busy button keeps the focus (aria-disabled, not disabled: a disabled button would drop it to <body>).
  const unlessBusy = (action: () => void) => () => {
    if (!busy) action();
  };
  const closedInto = drawn?.closedInto
    ? (seasons.find((other) => other.uuid === drawn.closedInto)?.name ?? '')
    : undefined;

  return (
    <section
      className={`${cardClass} mb-6 space-y-5`}
      aria-labelledby="boxes-manager-title"
      data-testid="boxes-manager"
    >
      <div>
        <h2 id="boxes-manager-title" className="text-lg font-semibold text-ink-900">
          {t('boxes.manager.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          {t('boxes.manager.intro', { size: season.box?.size ?? defaultBoxSettings.size })}
        </p>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900 ring-1 ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          data-testid="boxes-outcome"
        >
          {outcome}
        </p>
      )}
      {closedInto !== undefined && (
        <p className="text-sm text-ink-700" data-testid="boxes-closed-into">
          {t('boxes.manager.closedInto', { season: closedInto })}
        </p>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <div role="group" aria-labelledby="boxes-draw-title" className="space-y-3">
          <h3 id="boxes-draw-title" className="text-base font-semibold text-ink-900">
            {t('boxes.manager.drawTitle')}
          </h3>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-full sm:w-48">
              <SelectField
                label={t('boxes.manager.by')}
                value={by}
                onChange={(event) => setBy(event.target.value === 'RATING' ? 'RATING' : 'POSITION')}
              >
                <option value="POSITION">{t('boxes.manager.byPosition')}</option>
                <option value="RATING">{t('boxes.manager.byRating')}</option>
              </SelectField>
            </div>
            <button
              type="button"
              className={`${primaryButtonClass} ${busyButtonClass}`}
              aria-disabled={busy || undefined}
              onClick={unlessBusy(() => (drawn && drawn.count > 0 ? setAsking('draw') : void draw()))}
            >
              {t('boxes.manager.draw')}
            </button>
          </div>
        </div>
        <div role="group" aria-labelledby="boxes-close-title" className="space-y-3">
          <h3 id="boxes-close-title" className="text-base font-semibold text-ink-900">
            {t('boxes.manager.closeTitle')}
          </h3>
          {later.length > 0 ? (
            <div className="flex flex-wrap items-end gap-3">
              <div className="w-full sm:w-60">
                <SelectField
                  label={t('boxes.manager.next')}
                  value={next}
                  onChange={(event) => setNext(event.target.value)}
                >
                  {later.map((other) => (
                    <option key={other.uuid} value={other.uuid}>
                      {other.name}
                    </option>
                  ))}
                </SelectField>
              </div>
              <button
                type="button"
                className={`${secondaryButtonClass} ${busyButtonClass}`}
                aria-disabled={busy || !next || undefined}
                onClick={unlessBusy(() => next && setAsking('close'))}
              >
                {t('boxes.manager.close')}
              </button>
            </div>
          ) : (
            <p className="text-sm text-ink-600">{t('boxes.manager.noLaterSeason')}</p>
          )}
        </div>
      </div>
      <BoxActionDialog
        open={asking !== undefined}
        title={t(asking === 'draw' ? 'boxes.manager.redrawTitle' : 'boxes.manager.closeDialogTitle', {
          season: nextName,
        })}
        description={
          asking === 'draw'
            ? t('boxes.manager.redrawText', { count: drawn?.count ?? 0 })
            : t('boxes.manager.closeText', {
                season: nextName,
                promote: season.box?.promote ?? defaultBoxSettings.promote,
                relegate: season.box?.relegate ?? defaultBoxSettings.relegate,
              })
        }
        confirmLabel={t(asking === 'draw' ? 'boxes.manager.redrawConfirm' : 'boxes.manager.closeConfirm')}
        cancelLabel={t('boxes.manager.cancel')}
        onClose={onAsked}
      />
    </section>
  );
}
