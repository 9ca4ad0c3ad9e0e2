import { Suspense, lazy, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { FormAlert } from '../../../components/forms/FormAlert';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { CheckIcon, ChevronDownIcon, CloseIcon, DeleteIcon, EditIcon } from '../../../components/icons/icons';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay } from '../../../lib/dates';
import { useAction, useErrorText } from '../../../hooks/useAction';
import { liveRooms } from '../../../lib/live';
import { isApiError } from '../../../lib/http';
import { parseNumberInput, digitsOnly } from '../../../lib/number-input';
import { teamDisplayName } from '../../../lib/team-name';
import {
  acceptAllTeams,
  acceptTeam,
  getTeams,
  moveTeam,
  rejectTeam,
  removeTeam,
  type SeasonTeam,
} from '../api/teams';
import { TeamMembers } from './TeamMembers';

/** DESIGN.md §9 "Inviting players": its own chunk, loaded when the manager opens the section (size budgets). */
const InvitePlayers = lazy(() => import('./InvitePlayers'));
import { TeamTable, type TeamColumn } from './TeamTable';

interface Lists {
  waiting: SeasonTeam[];
  active: SeasonTeam[];
  left: SeasonTeam[];
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40';

/** "2025-05-01" in the UI language ("1 May 2025"). */
function useDay() {
  const locale = useLocale();
  return (day: string | null | undefined) => formatDay(day, locale);
}

/**
 * Spec §2 "Participants tab": the teams waiting for approval (accept, reject), the active teams
 * (filter, sortable table, paginator, position editing, remove with confirmation) and the teams who
 * left. Every action reloads all three lists; so does a `season.updated` push about teams or
 * positions (another manager's change shows without a reload).
 */
export function ParticipantsTab({
  seasonId,
  openForRegistration,
  teamSize,
}: {
  seasonId: string;
  /** Off (a new season's default, spec): nobody can join, which the empty waiting list says plainly. */
  openForRegistration: boolean;
  /** 2 for doubles and padel: an invitee then needs a partner. */
  teamSize: 1 | 2;
}) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const day = useDay();
  const [lists, setLists] = useState<Lists | null>(null);
  const [failure, setFailure] = useState<string>();
  const [accepting, setAccepting] = useState(false);
  const teamAction = useAction<string>();
  const busyTeam = teamAction.busy;
  const [editing, setEditing] = useState<{ teamId: string; value: string }>();
  const [removing, setRemoving] = useState<SeasonTeam>();
  /** The waiting teams "Accept all" asks about (DESIGN.md §9), while its confirmation is open. */
  const [acceptingAll, setAcceptingAll] = useState<readonly string[]>();

  const reload = useCallback(async () => {
    try {
      const [waiting, active, left] = await Promise.all([
        getTeams(seasonId, 'waiting'),
        getTeams(seasonId, 'active'),
        getTeams(seasonId, 'left'),
      ]);
      setLists({ waiting, active, left });
      setFailure(undefined);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [seasonId, failureText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useLiveRoom(liveRooms.season(seasonId), {
    'season.updated': (push) => {
      if (push.seasonId !== seasonId) return;
      if (push.changed.includes('teams') || push.changed.includes('positions')) void reload();
    },
    onResync: () => void reload(),
  });

  /** Runs a team command, shows its alert, and reloads the three lists (also after a failure). */
  const act = async (teamId: string, run: () => Promise<void>, done: string) => {
    await teamAction.run(teamId, run, done);
    await reload();
  };

  const accept = async (team: SeasonTeam) => {
    setAccepting(true);
    try {
      await act(team.teamId, () => acceptTeam(seasonId, team.teamId), t('participants.accepted'));
    } finally {
      setAccepting(false);
    }
  };

  /** All or none (docs/decisions/ladders-and-rules.md "Accept all"): when one team is no longer waiting, nothing changed. */
  const acceptAll = async (teamIds: readonly string[]) => {
    setAccepting(true);
    try {
      await act(
        'all',
        () =>
          acceptAllTeams(seasonId, teamIds).catch((error: unknown) => {
            if (isApiError(error) && error.status === 409) throw new Error(t('participants.acceptAllStale'));
            throw error;
          }),
        t('participants.acceptedAll', { count: teamIds.length }),
      );
    } finally {
      setAccepting(false);
    }
  };

  const savePosition = async () => {
    if (!editing) return;
    const position = parseNumberInput(editing.value);
    const teamId = editing.teamId;
    if (position !== null)
      await act(teamId, () => moveTeam(seasonId, teamId, position), t('participants.moved'));
    setEditing(undefined);
  };

  if (failure && !lists) return <FormAlert>{failure}</FormAlert>;
  if (!lists) return null;

  const activeCount = lists.active.length;
  const editValue = editing ? parseNumberInput(editing.value) : null;
  const editInvalid = editValue !== null && (editValue < 1 || editValue > activeCount);

  const participant: TeamColumn = {
    id: 'participant',
    header: t('participants.participant'),
    className: 'w-full',
    cell: (team) => <TeamMembers team={team} />,
  };

  const activeColumns: TeamColumn[] = [
    {
      id: 'position',
      header: t('participants.position'),
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (team) =>
        editing?.teamId === team.teamId ? (
          <PositionEditor
            value={editing.value}
            max={activeCount}
            invalid={editInvalid}
            busy={busyTeam === team.teamId}
            onChange={(value) => setEditing({ teamId: team.teamId, value })}
            onSave={() => void savePosition()}
            onCancel={() => setEditing(undefined)}
          />
        ) : (
          <span className="inline-flex items-center gap-1">
            <span className="min-w-6 font-semibold text-ink-900 tabular-nums">{team.position}</span>
            <button
              type="button"
              className={iconButton}
              onClick={() => setEditing({ teamId: team.teamId, value: String(team.position ?? '') })}
              aria-label={t('participants.edit', { team: teamDisplayName(team) })}
              title={t('participants.edit', { team: teamDisplayName(team) })}
            >
              <EditIcon className="size-4" />
            </button>
          </span>
        ),
    },
    participant,
    {
      id: 'joinDate',
      header: t('participants.startDate'),
      sortable: true,
      hideOnMobile: true,
      className: 'whitespace-nowrap',
      cell: (team) => day(team.joinDate),
    },
    {
      id: 'remove',
      header: '',
      className: 'w-0 text-right',
      cell: (team) => (
        <button
          type="button"
          className={`${iconButton} hover:text-red-700`}
          onClick={() => setRemoving(team)}
          disabled={busyTeam === team.teamId}
          aria-label={t('participants.remove', { team: teamDisplayName(team) })}
          title={t('participants.remove', { team: teamDisplayName(team) })}
        >
          <DeleteIcon />
        </button>
      ),
    },
  ];

  const leftColumns: TeamColumn[] = [
    {
      id: 'position',
      header: t('participants.position'),
      sortable: true,
      cell: (team) => <span className="tabular-nums">{team.position ?? '–'}</span>,
    },
    participant,
    {
      id: 'joinDate',
      header: t('participants.startDate'),
      sortable: true,
      hideOnMobile: true,
      className: 'whitespace-nowrap',
      cell: (team) => day(team.joinDate),
    },
    {
      id: 'leaveDate',
      header: t('participants.endDate'),
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (team) => day(team.leaveDate),
    },
  ];

  return (
    <div className="space-y-3" key={seasonId}>
      {failure && <FormAlert>{failure}</FormAlert>}
      {!openForRegistration && lists.waiting.length === 0 && (
        <p
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="registration-off"
        >
          {t('participants.registrationOff')}
        </p>
      )}
      <Panel
        // Re-evaluated when the list turns empty or gets entries (e.g. a live registration).
        key={`waiting-${lists.waiting.length > 0}`}
        title={t('participants.waiting')}
        count={lists.waiting.length}
        defaultOpen={lists.waiting.length > 0}
      >
        {lists.waiting.length === 0 ? (
          <p className="py-2 text-sm text-ink-500">{t('participants.noWaiting')}</p>
        ) : (
          <>
            <div className="flex justify-end">
              <button
                type="button"
                className={`${secondaryButtonClass} px-3 py-2`}
                disabled={accepting || busyTeam !== undefined}
                onClick={() => setAcceptingAll(lists.waiting.map((team) => team.teamId))}
                data-testid="accept-all"
              >
                {t('participants.acceptAll')}
              </button>
            </div>
            <table className="w-full text-left text-sm" aria-label={t('participants.waiting')}>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('participants.participant')}</th>
                  <th scope="col">{t('participants.actions')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {lists.waiting.map((team) => (
                  <tr key={team.teamId} className="flex flex-col gap-2 py-3 sm:table-row">
                    <td className="sm:py-3 sm:pr-3">
                      <TeamMembers team={team} />
                    </td>
                    <td className="sm:w-0 sm:py-3 sm:whitespace-nowrap">
                      <div className="flex gap-2 sm:justify-end">
                        <button
                          type="button"
                          className={`${primaryButtonClass} px-3 py-2`}
                          disabled={accepting || busyTeam === team.teamId}
                          onClick={() => void accept(team)}
                        >
                          {t('participants.accept')}
                        </button>
                        <button
                          type="button"
                          className={`${secondaryButtonClass} px-3 py-2`}
                          disabled={busyTeam === team.teamId}
                          onClick={() =>
                            void act(
                              team.teamId,
                              () => rejectTeam(seasonId, team.teamId),
                              t('participants.rejected'),
                            )
                          }
                        >
                          {t('participants.reject')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Panel>
      <Panel
        key={`active-${lists.waiting.length === 0}`}
        title={t('participants.active')}
        count={activeCount}
        defaultOpen={lists.waiting.length === 0}
      >
        <TeamTable
          teams={lists.active}
          columns={activeColumns}
          emptyText={t('participants.noActive')}
          label={t('participants.active')}
        />
      </Panel>
      <Panel title={t('participants.left')} count={lists.left.length} defaultOpen={false}>
        <TeamTable
          teams={lists.left}
          columns={leftColumns}
          emptyText={t('participants.noLeft')}
          label={t('participants.left')}
        />
      </Panel>
      <Disclosure as="section" className="rounded-2xl bg-white shadow-xs ring-1 ring-ink-200">
        <DisclosureButton
          className="group flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3.5 text-left sm:px-5"
          data-testid="invite-players-toggle"
        >
          <span className="text-base font-semibold text-ink-900">{t('participants.invitePlayers')}</span>
          <ChevronDownIcon className="size-5 shrink-0 text-ink-500 transition group-data-open:rotate-180" />
        </DisclosureButton>
        <DisclosurePanel className="border-t border-ink-100 px-4 pt-3 pb-4 sm:px-5">
          <Suspense fallback={<p className="py-2 text-sm text-ink-500">{t('participants.loading')}</p>}>
            <InvitePlayers seasonId={seasonId} teamSize={teamSize} />
          </Suspense>
        </DisclosurePanel>
      </Disclosure>
      <ConfirmDialog
        open={acceptingAll !== undefined}
        message={t('participants.acceptAllConfirm', { count: acceptingAll?.length ?? 0 })}
        confirmLabel={t('participants.acceptAllYes')}
        cancelLabel={t('participants.cancel')}
        onClose={(confirmed) => {
          const teamIds = acceptingAll;
          setAcceptingAll(undefined);
          if (confirmed && teamIds) void acceptAll(teamIds);
        }}
      />
      <ConfirmDialog
        open={removing !== undefined}
        message={t('participants.removeConfirm')}
        confirmLabel={t('participants.removeYes')}
        cancelLabel={t('participants.cancel')}
        onClose={(confirmed) => {
          const team = removing;
          setRemoving(undefined);
          if (confirmed && team)
            void act(team.teamId, () => removeTeam(seasonId, team.teamId), t('participants.removed'));
        }}
      />
    </div>
  );
}

/** An expansion panel (Headless UI Disclosure) with a team count. */
function Panel({
  title,
  count,
  defaultOpen,
  children,
}: {
  title: string;
  count: number;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Disclosure
      as="section"
      defaultOpen={defaultOpen}
      className="rounded-2xl bg-white shadow-xs ring-1 ring-ink-200"
    >
      <DisclosureButton className="group flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3.5 text-left sm:px-5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 text-base font-semibold break-words text-ink-900">{title}</span>
          {/* The count stays on one line at 375 px: the title wraps instead. */}
          <span
            className="shrink-0 rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-700 tabular-nums"
            data-testid="team-count"
          >
            {t('participants.count', { count })}
          </span>
        </span>
        <ChevronDownIcon className="size-5 shrink-0 text-ink-500 transition group-data-open:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel className="border-t border-ink-100 px-4 pt-3 pb-4 sm:px-5">{children}</DisclosurePanel>
    </Disclosure>
  );
}

function PositionEditor({
  value,
  max,
  invalid,
  busy,
  onChange,
  onSave,
  onCancel,
}: {
  value: string;
  max: number;
  invalid: boolean;
  busy: boolean;
  onChange(value: string): void;
  onSave(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSave();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('participants.newPosition')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        autoFocus
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
        className="w-16 rounded-md border-0 px-2 py-1 text-sm ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500"
      />
      <button
        type="submit"
        className={`${iconButton} text-brand-700`}
        disabled={invalid || busy}
        aria-label={t('participants.savePosition')}
        title={t('participants.savePosition')}
      >
        <CheckIcon />
      </button>
      <button
        type="button"
        className={iconButton}
        onClick={onCancel}
        aria-label={t('participants.cancelEdit')}
        title={t('participants.cancelEdit')}
      >
        <CloseIcon />
      </button>
    </form>
  );
}
