import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { SelectField } from '../../../components/forms/SelectField';
import { formatDay } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { boxSeasonsOf, getLadderSeasons, type LadderSeason } from '../../../lib/boxes-api';
import { addBoxesTexts } from '../../../locales/boxes-texts';
import { BoxesSection } from '../../../components/boxes/BoxesSection';

addBoxesTexts(i18n);

interface BoxSeasonsProps {
  ladderId: string;
  /** The ladder's current season (its standings), if it has one. */
  current: { uuid: string; format?: string } | undefined;
  /** Counts the current season room's changes (a picked season's boxes are read again on each). */
  version: number;
  /** Whether `?season=` names another season than the current one: this shows it, the page leaves its own out. */
  onPast(past: boolean): void;
}

/**
 * DESIGN.md §12, §14 on the standings page: a box season's boxes, and which season the page shows, so that a box
 * season's tables stay readable after it ended (and the next season's before it starts). The picker lists the current
 * season and every box season of the ladder, the newest first: a labelled native select (keyboard and screen readers
 * know it; it keeps the focus while the page below changes), `?season={id}` in the address. A picked season other
 * than the current one is shown here, named with its dates, by its boxes (the page leaves out its current season's
 * parts); an unknown one says so. No picker when there is no other season to read. A lazy chunk with the box texts:
 * the standings' first paint does not wait for it.
 */
export function BoxSeasons({ ladderId, current: shown, version, onPast }: BoxSeasonsProps) {
  const currentSeasonId = shown?.uuid;
  const { t } = useTranslation();
  const locale = useLocale();
  const [seasons, setSeasons] = useState<LadderSeason[]>();
  const [searchParams, setSearchParams] = useSearchParams();
  const pickedId = searchParams.get('season');
  const past = pickedId !== null && pickedId !== currentSeasonId;
  useEffect(() => onPast(past), [onPast, past]);

  useEffect(() => {
    const controller = new AbortController();
    getLadderSeasons(ladderId, controller.signal)
      .then(setSeasons)
      .catch(() => undefined);
    return () => controller.abort();
  }, [ladderId]);

  // The current box season's boxes do not wait for the seasons (the picker does); they keep their place in the tree
  // when the seasons arrive, so they are not read again.
  const currentBoxes = shown?.format === 'BOX' && !past && (
    <BoxesSection seasonId={shown.uuid} version={version} />
  );
  if (!seasons)
    return (
      <>
        {null}
        {null}
        {currentBoxes}
      </>
    );
  const current = seasons.find((season) => season.uuid === currentSeasonId);
  const options = [...(current && current.format !== 'BOX' ? [current] : []), ...boxSeasonsOf(seasons)];
  const picked = past ? options.find((season) => season.uuid === pickedId) : undefined;
  const dates = (season: LadderSeason, name: string) =>
    t('boxes.seasonDates', {
      name,
      start: formatDay(season.startDate, locale),
      end: formatDay(season.endDate, locale),
    });
  const label = (season: LadderSeason) =>
    dates(
      season,
      season.uuid === currentSeasonId ? t('boxes.seasonCurrent', { name: season.name }) : season.name,
    );
  return (
    <>
      {options.length > 1 && (
        <div className="mb-5 w-full sm:max-w-sm" data-testid="season-picker">
          <SelectField
            label={t('boxes.season')}
            value={picked?.uuid ?? currentSeasonId ?? ''}
            onChange={({ target: { value } }) =>
              setSearchParams(value === currentSeasonId ? {} : { season: value })
            }
          >
            {options.map((season) => (
              <option key={season.uuid} value={season.uuid}>
                {label(season)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {past && !picked && (
        <p className="rounded-2xl bg-white px-5 py-8 text-center text-sm text-ink-600 shadow-xs ring-1 ring-ink-200">
          {t('boxes.noSuchSeason')}
        </p>
      )}
      {currentBoxes}
      {picked && (
        <section aria-labelledby="picked-season-title" data-testid="picked-season">
          <h2 id="picked-season-title" className="mb-4 text-lg font-semibold text-ink-900">
            {dates(picked, picked.name)}
          </h2>
          <BoxesSection seasonId={picked.uuid} version={version} headingLevel={3} />
        </section>
      )}
    </>
  );
}
