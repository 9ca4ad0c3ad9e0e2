import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { initialSeasonId } from '@courtside/events/ladders/season-rules';
import { Dropdown } from '../../../components/forms/Dropdown';
import { FormAlert } from '../../../components/forms/FormAlert';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { AddIcon } from '../../../components/icons/icons';
import { useErrorText } from '../../../hooks/useAction';
import { getSeasons, type Ladder, type Season } from '../api/ladders';
import { ParticipantsTab } from './ParticipantsTab';
import { teamSizeOf } from '@courtside/events/ladders/values';
import { SeasonDetailsForm } from './SeasonDetailsForm';
import { cardClass, tabClass, tabListClass } from './tab-styles';
import { useSeasonMatchesTab } from '../hooks/useSeasonMatchesTab';

// DESIGN.md §12: a box season's draw and close, with their texts, when the Season tab opens.
const BoxesManager = lazy(() =>
  import('./BoxesManager').then((module) => ({ default: module.BoxesManager })),
);

interface SeasonManagerProps {
  companyId: string;
  ladder: Ladder;
  /** Seasons were saved or deleted (the ladder's "has active seasons" may have changed). */
  onSeasonsChanged(): void;
}

type Mode = { kind: 'season'; seasonId: string } | { kind: 'new' } | { kind: 'none' };

/**
 * Spec §2 "Season manager": a season dropdown (a label for one season; "(active)" marks the current
 * one), an add-season button (new-season mode), and for the selected season the tabs Participants,
 * Matches and Season.
 */
export function SeasonManager({ companyId, ladder, onSeasonsChanged }: SeasonManagerProps) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const [seasons, setSeasons] = useState<Season[] | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [failure, setFailure] = useState<string>();
  const MatchesTab = useSeasonMatchesTab();
  // `?season={id}&tab=matches` (a dispute's notification) opens that season on its Matches tab.
  const [searchParams] = useSearchParams();
  const linkedSeason = searchParams.get('season');
  const linkedTab = searchParams.get('tab') === 'matches' ? 1 : 0;

  /** Reloads the seasons; selects `select` (a season id), or keeps the selection, or the initial choice. */
  const reload = useCallback(
    async (select?: string | 'initial') => {
      try {
        const list = await getSeasons(companyId, ladder.uuid);
        setSeasons(list);
        setFailure(undefined);
        setMode((previous) => {
          const keep = previous.kind === 'season' && list.some((s) => s.uuid === previous.seasonId);
          // The season a link names, if the ladder has it, else the initial choice.
          const initial = list.some((s) => s.uuid === linkedSeason) ? linkedSeason : initialSeasonId(list);
          const wanted = select === 'initial' || (select === undefined && !keep) ? initial : select;
          if (wanted && list.some((s) => s.uuid === wanted)) return { kind: 'season', seasonId: wanted };
          if (select === undefined && keep) return previous;
          return previous.kind === 'new' ? previous : { kind: 'none' };
        });
      } catch (error) {
        setFailure(failureText(error));
      }
    },
    [companyId, ladder.uuid, linkedSeason, failureText],
  );

  useEffect(() => {
    void reload('initial');
  }, [reload]);

  const selected = mode.kind === 'season' ? seasons?.find((s) => s.uuid === mode.seasonId) : undefined;
  const seasonLabel = (season: Season) =>
    season.current ? t('manager.seasons.active', { name: season.name }) : season.name;

  const onSaved = async (season: { uuid: string }, created: boolean) => {
    await reload(created || season.uuid !== selected?.uuid ? season.uuid : undefined);
    onSeasonsChanged();
  };
  const onDeleted = async () => {
    await reload('initial');
    onSeasonsChanged();
  };

  if (failure) return <FormAlert>{failure}</FormAlert>;
  if (!seasons) return null;

  return (
    <div>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          {seasons.length > 1 ? (
            <Dropdown
              label={t('manager.seasons.season')}
              className="max-w-sm"
              value={selected?.uuid ?? null}
              placeholder={t('manager.seasons.choose')}
              options={seasons.map((season) => ({ value: season.uuid, label: seasonLabel(season) }))}
              onChange={(seasonId) => setMode({ kind: 'season', seasonId })}
            />
          ) : seasons.length === 1 ? (
            <div>
              <p className="text-sm font-medium text-ink-600">{t('manager.seasons.season')}</p>
              <button
                type="button"
                className="mt-0.5 max-w-full truncate rounded-md text-left text-lg font-semibold text-ink-900 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => setMode({ kind: 'season', seasonId: seasons[0]!.uuid })}
                data-testid="season-label"
              >
                {seasonLabel(seasons[0]!)}
              </button>
            </div>
          ) : null}
        </div>
        {seasons.length > 0 && (
          <button
            type="button"
            className={`${secondaryButtonClass} self-start sm:self-auto`}
            onClick={() => setMode({ kind: 'new' })}
            aria-pressed={mode.kind === 'new'}
          >
            <AddIcon className="size-5" />
            {t('manager.seasons.add')}
          </button>
        )}
      </div>

      {mode.kind === 'new' ? (
        <SeasonDetailsForm
          key="new"
          companyId={companyId}
          ladderId={ladder.uuid}
          seasons={seasons}
          onSaved={(season) => onSaved(season, true)}
          onDeleted={onDeleted}
        />
      ) : selected ? (
        <TabGroup key={selected.uuid} defaultIndex={selected.uuid === linkedSeason ? linkedTab : 0}>
          <TabList
            className={tabListClass}
            aria-label={t('manager.tabs.seasonTabs', { name: selected.name })}
          >
            <Tab className={tabClass}>{t('manager.tabs.participants')}</Tab>
            <Tab className={tabClass}>{t('manager.tabs.matches')}</Tab>
            <Tab className={tabClass}>{t('manager.tabs.season')}</Tab>
          </TabList>
          <TabPanels className="mt-5">
            <TabPanel>
              <ParticipantsTab
                seasonId={selected.uuid}
                openForRegistration={selected.openForRegistration}
                teamSize={teamSizeOf(ladder.sportsCategory)}
              />
            </TabPanel>
            <TabPanel>
              {MatchesTab && <MatchesTab ladderId={ladder.uuid} seasonId={selected.uuid} />}
            </TabPanel>
            <TabPanel>
              {/* A box season's actions first, where a manager looks for them; its settings are in the form. */}
              <Suspense fallback={null}>
                <BoxesManager
                  key={`${selected.uuid} ${seasons.length}`}
                  season={selected}
                  seasons={seasons}
                  onSaved={() => reload()}
                />
              </Suspense>
              <SeasonDetailsForm
                companyId={companyId}
                ladderId={ladder.uuid}
                season={selected}
                seasons={seasons}
                onSaved={(season) => onSaved(season, false)}
                onDeleted={onDeleted}
              />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        <section className={`${cardClass} text-center`}>
          <h2 className="text-base font-semibold text-ink-900">{t('manager.seasons.noneTitle')}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-ink-600">{t('manager.seasons.noneText')}</p>
          <button
            type="button"
            className={`${primaryButtonClass} mt-5`}
            onClick={() => setMode({ kind: 'new' })}
          >
            <AddIcon className="size-5" />
            {t('manager.seasons.add')}
          </button>
        </section>
      )}
    </div>
  );
}
