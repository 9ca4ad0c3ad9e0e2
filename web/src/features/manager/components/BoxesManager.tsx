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
import { saveSeason, type Season } from '../api/ladders';
import { cardClass } from './tab-styles';

addBoxesTexts(i18n);

interface BoxesManagerProps {
  companyId: string;
  ladderId: string;
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
const sizes = [4, 5, 6, 7, 8];
/** The other box settings (DESIGN.md §12) with the values each may take. */
const otherSettings = {
  pointsWin: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  pointsPlayed: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  promote: [0, 1, 2, 3],
  relegate: [0, 1, 2, 3],
} as const;
type OtherSetting = keyof typeof otherSettings;
const boxesPath = (seasonId: string) => `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/boxes`;

/**
 * DESIGN.md §12 on the season tab: whether the season plays in boxes and their size; for a box season the draw (by
 * position or rating) and the close into a later season. Loaded lazily with its texts, only by a manager.
 */
export function BoxesManager({ companyId, ladderId, season, seasons, onSaved }: BoxesManagerProps) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const alerts = useAlerts();
  const [format, setFormat] = useState(season.format ?? 'LADDER');
  const [size, setSize] = useState(season.box?.size ?? 5);
  const [settings, setSettings] = useState<Record<OtherSetting, number>>({
    pointsWin: season.box?.pointsWin ?? 3,
    pointsPlayed: season.box?.pointsPlayed ?? 1,
    promote: season.box?.promote ?? 1,
    relegate: season.box?.relegate ?? 1,
  });
  const [by, setBy] = useState<'POSITION' | 'RATING'>('POSITION');
  const later = seasons.filter((other) => other.startDate > season.startDate);
  const [next, setNext] = useState(later[0]?.uuid ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

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

  const save = () =>
    run(async () => {
      const { uuid, name, startDate, endDate, minimumPlayedMatches, openForRegistration, matchType } = season;
      await saveSeason(companyId, ladderId, {
        uuid,
        name,
        startDate,
        endDate,
        minimumPlayedMatches,
        openForRegistration,
        matchType,
        format,
        box: { size, ...settings },
      });
      await onSaved();
      return t('boxes.manager.settingsSaved');
    });
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
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-ink-800">
          <input
            type="checkbox"
            className="size-4 rounded border-ink-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            checked={format === 'BOX'}
            onChange={(event) => setFormat(event.target.checked ? 'BOX' : 'LADDER')}
            aria-describedby="boxes-format-hint"
          />
          {t('boxes.manager.format')}
        </label>
        <p id="boxes-format-hint" className="mt-1 text-sm text-ink-600">
          {t('boxes.manager.formatHint')}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-40">
          <SelectField
            label={t('boxes.manager.size')}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
          >
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        </div>
        {(Object.keys(otherSettings) as OtherSetting[]).map((setting) => (
          <div key={setting} className="w-44">
            <SelectField
              label={t(`boxes.manager.${setting}`)}
              value={settings[setting]}
              onChange={(event) => setSettings({ ...settings, [setting]: Number(event.target.value) })}
            >
              {otherSettings[setting].map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          </div>
        ))}
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void save()}>
          {t('boxes.manager.saveSettings')}
        </button>
      </div>
      {season.format === 'BOX' && (
        <>
          <p className="text-sm text-ink-700">
            {t('boxes.manager.intro', { size: season.box?.size ?? size })}
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
        </>
      )}
    </section>
  );
}
