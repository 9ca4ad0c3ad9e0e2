/**
 * CreateMatchPanel — "Create a match" of the manager's Matches tab (spec §2 "Matches tab", §4, §5):
 * a Defender and a Challenger picker (autocomplete, placeholder "Pick one") over the season's active
 * teams, and a Save button.
 *
 * Props:
 * - `seasonId`  (required) the season whose active teams are picked from
 *               (`GET /webapps/api/admin/api/admin/v1/seasons/{seasonId}/teams`).
 * - `onCreated` called after the match is created (`POST …/seasons/{seasonId}/teams/match`
 *               `{defenderId, challengerId}`), with the new match id when the server gives it; the
 *               parent reloads its matches list (e.g. by bumping `MatchesList`'s `reloadKey`).
 * - `className` extra classes for the panel.
 *
 * Rules: the pickers filter case-insensitively on the team display name (`#position Full Name, Full
 * Name`) and only accept a team chosen from the list; each leaves out the team chosen in the other;
 * Save is enabled only with both chosen; after a save both pickers are cleared. The teams reload when
 * the season's teams or positions change (`season.updated` on `season:{seasonId}`).
 *
 * The manager area embeds `<CreateMatchPanel seasonId={id} onCreated={() => setReloadKey((n) => n + 1)} />`.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { alerts } from '../../../hooks/useAlerts';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { primaryButtonClass } from '../../../components/forms/styles';
import { createMatch, getSeasonTeams, type SeasonTeam } from '../api/create-match';
import { teamDisplayName } from '../../../lib/team-name';
import { filterTeams } from '../model';
import { showMatchFailure } from '../refusal-alert';
import { addMatchCreateTexts } from '../../../locales/match-create-texts';
import { i18n, refusalText } from '../../../lib/i18n';

addMatchCreateTexts(i18n);

interface CreateMatchPanelProps {
  seasonId: string;
  onCreated?: (matchId?: string) => void;
  className?: string;
}

export function CreateMatchPanel({ seasonId, onCreated, className = '' }: CreateMatchPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [teams, setTeams] = useState<SeasonTeam[]>([]);
  const [defender, setDefender] = useState<SeasonTeam | null>(null);
  const [challenger, setChallenger] = useState<SeasonTeam | null>(null);
  const [saving, setSaving] = useState(false);
  const [location, setLocation] = useState('');
  const locationId = useId();
  const [loadError, setLoadError] = useState(false);

  const loadTeams = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await getSeasonTeams(seasonId, signal);
        setTeams([...list].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity)));
        setLoadError(false);
        // A chosen team that left the season can no longer be picked; positions may have changed.
        const fresh = (team: SeasonTeam | null) =>
          team ? (list.find((x) => x.teamId === team.teamId) ?? null) : null;
        setDefender(fresh);
        setChallenger(fresh);
      } catch (error) {
        if (signal?.aborted) return;
        setLoadError(true);
        if (isApiError(error)) alerts.show('error', refusalText(error.error));
      }
    },
    [seasonId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setDefender(null);
    setChallenger(null);
    void loadTeams(controller.signal);
    return () => controller.abort();
    // Only another season starts over (loadTeams changes with it).
  }, [seasonId, loadTeams]);

  useLiveRoom(liveRooms.season(seasonId), {
    'season.updated': (payload) => {
      if (payload.seasonId !== seasonId) return;
      if (payload.changed.some((change) => change === 'teams' || change === 'positions')) void loadTeams();
    },
    onResync: () => void loadTeams(),
  });

  const save = async () => {
    if (!defender || !challenger) return;
    setSaving(true);
    try {
      const answer = await createMatch(seasonId, {
        defenderId: defender.teamId,
        challengerId: challenger.teamId,
        ...(location.trim() ? { location } : {}),
      });
      setDefender(null);
      setChallenger(null);
      setLocation('');
      alerts.show('info', t('matches.create.created'));
      const matchId =
        typeof answer === 'object' &&
        answer !== null &&
        'matchId' in answer &&
        typeof answer.matchId === 'string'
          ? answer.matchId
          : undefined;
      onCreated?.(matchId);
    } catch (error) {
      if (isApiError(error))
        showMatchFailure(error, error.issues[0]?.message ?? error.error, (text) =>
          alerts.show('error', text),
        );
      else alerts.show('error', t('matches.create.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200 sm:p-5 ${className}`}
      data-testid="create-match-panel"
    >
      <h2 id={headingId} className="text-base font-semibold text-ink-900">
        {t('matches.create.title')}
      </h2>
      {loadError && <p className="mt-1 text-sm text-red-700">{t('matches.create.loadFailed')}</p>}
      {!loadError && teams.length < 2 && (
        <p className="mt-1 text-sm text-ink-600">{t('matches.create.notEnoughTeams')}</p>
      )}
      <form
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TeamPicker
          label={t('matches.create.defender')}
          teams={teams}
          value={defender}
          onChange={setDefender}
          exclude={challenger?.teamId}
        />
        <TeamPicker
          label={t('matches.create.challenger')}
          teams={teams}
          value={challenger}
          onChange={setChallenger}
          exclude={defender?.teamId}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={locationId} className="block text-sm font-medium text-ink-800">
            {t('manager.matches.location')}
          </label>
          <input
            id={locationId}
            type="text"
            value={location}
            maxLength={100}
            onChange={(event) => setLocation(event.currentTarget.value)}
            className="w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
            data-testid="create-match-location"
          />
        </div>
        <button
          type="submit"
          disabled={!defender || !challenger || saving}
          className={`${primaryButtonClass} sm:mb-px`}
        >
          {t('matches.create.save')}
        </button>
      </form>
    </section>
  );
}

interface TeamPickerProps {
  label: string;
  teams: readonly SeasonTeam[];
  value: SeasonTeam | null;
  onChange: (team: SeasonTeam | null) => void;
  /** The other picker's choice, left out of this list. */
  exclude?: string;
}

function TeamPicker({ label, teams, value, onChange, exclude }: TeamPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const options = filterTeams(teams, query, exclude);
  return (
    <Field className="min-w-0 flex-1">
      <Label className="block text-sm font-medium text-ink-800">{label}</Label>
      <Combobox value={value} onChange={onChange} onClose={() => setQuery('')} by="teamId" immediate>
        <div className="relative mt-1.5">
          <ComboboxInput<SeasonTeam | null>
            className="block w-full rounded-lg border-0 bg-white py-2.5 pr-9 pl-3 text-base text-ink-900 shadow-xs ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
            placeholder={t('matches.create.pickOne')}
            displayValue={(team) => (team ? teamDisplayName(team) : '')}
            onChange={(event) => setQuery(event.currentTarget.value)}
            autoComplete="off"
          />
          <ComboboxButton
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-ink-500"
            aria-label={t('matches.create.showTeams', { label })}
          >
            <svg viewBox="0 0 16 16" fill="currentColor" className="size-4" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M4.22 6.22a.75.75 0 0 1 1.06 0L8 8.94l2.72-2.72a.75.75 0 1 1 1.06 1.06l-3.25 3.25a.75.75 0 0 1-1.06 0L4.22 7.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-40 max-h-64 w-(--input-width) overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-ink-200 [--anchor-gap:4px] empty:invisible"
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-ink-500">{t('matches.create.noTeams')}</div>
          ) : (
            options.map((team) => (
              <ComboboxOption
                key={team.teamId}
                value={team}
                className="cursor-pointer truncate px-3 py-2 text-ink-800 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
              >
                {teamDisplayName(team)}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
