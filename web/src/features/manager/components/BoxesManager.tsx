import { useState } from 'react';
import { ADMIN_API } from '@courtside/events/api-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useErrorText } from '../../../hooks/useAction';
import { i18n, type TranslationKey } from '../../../lib/i18n';
import { isApiError, request } from '../../../lib/http';
import { addBoxesTexts } from '../../../locales/boxes-texts';
import { defaultBoxSettings } from '@courtside/events/boxes/model';
import type { Season } from '../api/ladders';
import { cardClass } from './tab-styles';

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
const boxesPath = (seasonId: string) => `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/boxes`;

/**
 * DESIGN.md §12 on the season tab of a box season, under the season form (which holds the format and box settings):
 * the draw (by position or rating) and the close into a later season of the ladder. Loaded lazily with its texts,
 * only by a manager; nothing for a ladder season.
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

  if (season.format !== 'BOX') return null;

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      alerts.info(await action());
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
      const drawn = await request<{ boxes?: unknown[] }>('POST', `${boxesPath(season.uuid)}/draw`, {
        body: { by },
      });
      return t('boxes.manager.drawn', { count: drawn.boxes?.length ?? 0 });
    });
  const close = () =>
    run(async () => {
      const closed = await request<{ positions?: unknown[] }>('POST', `${boxesPath(season.uuid)}/close`, {
        body: { nextSeasonId: next },
      });
      await onSaved();
      return t('boxes.manager.closed', { count: closed.positions?.length ?? 0 });
    });

  return (
    <section
      className={`${cardClass} mt-6 space-y-5`}
      aria-labelledby="boxes-manager-title"
      data-testid="boxes-manager"
    >
      <h2 id="boxes-manager-title" className="text-lg font-semibold text-ink-900">
        {t('boxes.manager.title')}
      </h2>
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-ink-700">
        {t('boxes.manager.intro', { size: season.box?.size ?? defaultBoxSettings.size })}
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-48">
          <SelectField
            label={t('boxes.manager.by')}
            value={by}
            onChange={(event) => setBy(event.target.value === 'RATING' ? 'RATING' : 'POSITION')}
          >
            <option value="POSITION">{t('boxes.manager.byPosition')}</option>
            <option value="RATING">{t('boxes.manager.byRating')}</option>
          </SelectField>
        </div>
        <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void draw()}>
          {t('boxes.manager.draw')}
        </button>
      </div>
      {later.length > 0 && (
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-60">
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
            className={secondaryButtonClass}
            disabled={busy || !next}
            onClick={() => void close()}
          >
            {t('boxes.manager.close')}
          </button>
        </div>
      )}
    </section>
  );
}
