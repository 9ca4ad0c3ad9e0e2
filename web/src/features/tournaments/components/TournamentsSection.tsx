import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { teamSizeOf } from '@courtside/events/ladders/values';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { TextField } from '../../../components/forms/TextField';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { createCoalescedReads } from '../../../lib/coalesced-reads';
import { formatMoment } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { liveRooms } from '../../../lib/live';
import { pagePath } from '../../../lib/locale';
import { addTournamentsTexts } from '../../../locales/tournaments-texts';
import {
  addPlayer,
  createTournament,
  deleteTournament,
  drawTournament,
  finishTournament,
  getTournament,
  getTournaments,
  invitePlayer,
  makeNextRound,
  type Tournament,
  type TournamentFormat,
  type TournamentInput,
} from '../api/tournaments';
import { formatLabel, statusLabel, useTournamentErrorText } from '../hooks/useTournamentTexts';

addTournamentsTexts(i18n);

/** What the manager screen's "Tournaments" section gets. */
export interface TournamentsSectionProps {
  companyId: string;
}

const smallButton = `${secondaryButtonClass} px-3 py-1.5`;

/** A whole number from a form field; undefined when left empty. */
function numberOf(form: FormData, name: string): number | undefined {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : Number(value);
}

/**
 * DESIGN.md §16 on the manager screen: create a tournament or club night; per tournament its entries, add a player by
 * account or invite one by email (not a doubles knockout's side; after a club night's draw, a late arrival), draw (seeded by rating or entry), Mexicano's next round, finish, and delete before the draw. What cannot be
 * undone is confirmed first. Loaded lazily by the shell's button.
 */
export default function TournamentsSection({ companyId }: TournamentsSectionProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const errorText = useTournamentErrorText();
  const [tournaments, setTournaments] = useState<Tournament[]>();
  const [failure, setFailure] = useState<string>();
  const [createFailure, setCreateFailure] = useState<string>();
  const [format, setFormat] = useState<TournamentFormat>('AMERICANO');
  const heading = useRef<HTMLHeadingElement>(null);

  const [reads] = useState(createCoalescedReads);

  // Every tournament's room reloads the list: pushes that come while it is read bring one more read after it.
  const reload = useCallback(
    () =>
      reads.read(
        companyId,
        async () => {
          const summaries = await getTournaments(companyId);
          return Promise.all(summaries.map((summary) => getTournament(summary.tournamentId)));
        },
        (answers) => {
          setTournaments(answers);
          setFailure(undefined);
        },
        (error) => setFailure(errorText(error)),
      ),
    [reads, companyId, errorText],
  );
  useEffect(() => {
    void reload();
    return () => reads.forget(companyId);
  }, [reads, companyId, reload]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const clubNight = format !== 'KNOCKOUT';
    const input: TournamentInput = {
      name: String(form.get('name') ?? ''),
      format,
      sportsCategory: String(form.get('sportsCategory')) as TournamentInput['sportsCategory'],
      startsAt: String(form.get('startsAt') ?? ''),
      entries: form.get('entries') === 'MANAGER' ? 'MANAGER' : 'OPEN',
      maxEntrants: numberOf(form, 'maxEntrants') ?? 0,
      ...(clubNight
        ? { courts: numberOf(form, 'courts'), pointsPerGame: numberOf(form, 'pointsPerGame') }
        : {}),
      ...(format === 'AMERICANO' && numberOf(form, 'rounds') !== undefined
        ? { rounds: numberOf(form, 'rounds') }
        : {}),
    };
    try {
      await createTournament(companyId, input);
      setCreateFailure(undefined);
      alerts.info(t('tournaments.manager.created', { name: input.name }));
      formElement.reset();
      await reload();
    } catch (error) {
      setCreateFailure(errorText(error));
    }
  };

  return (
    <div data-testid="tournaments-section">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink-900 outline-none">
        {t('tournaments.manager.title')}
      </h2>
      {failure && <FormAlert>{failure}</FormAlert>}
      {tournaments && tournaments.length === 0 && (
        <p className="mt-2 text-sm text-ink-600">{t('tournaments.manager.none')}</p>
      )}
      {tournaments && tournaments.length > 0 && (
        <ul className="mt-3 space-y-4">
          {tournaments.map((tournament) => (
            <ManagedTournament
              key={tournament.tournamentId}
              tournament={tournament}
              onChanged={reload}
              onGone={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void create(event)} noValidate>
        <h3 className="text-base font-semibold text-ink-900 sm:col-span-2">
          {t('tournaments.manager.create')}
        </h3>
        {createFailure && (
          <div className="sm:col-span-2">
            <FormAlert>{createFailure}</FormAlert>
          </div>
        )}
        <TextField label={t('tournaments.manager.name')} name="name" required maxLength={100} />
        <SelectField
          label={t('tournaments.manager.format')}
          name="format"
          value={format}
          onChange={(event) => setFormat(event.target.value as TournamentFormat)}
        >
          <option value="AMERICANO">{t('tournaments.formats.AMERICANO')}</option>
          <option value="MEXICANO">{t('tournaments.formats.MEXICANO')}</option>
          <option value="KNOCKOUT">{t('tournaments.formats.KNOCKOUT')}</option>
        </SelectField>
        <SelectField label={t('tournaments.manager.sport')} name="sportsCategory" defaultValue="PADEL">
          <option value="PADEL">{t('tournaments.sports.PADEL')}</option>
          <option value="TENNISDOUBLE">{t('tournaments.sports.TENNISDOUBLE')}</option>
          <option value="TENNISSINGLE">{t('tournaments.sports.TENNISSINGLE')}</option>
        </SelectField>
        <TextField label={t('tournaments.manager.startsAt')} name="startsAt" type="datetime-local" required />
        <SelectField label={t('tournaments.manager.entries')} name="entries" defaultValue="OPEN">
          <option value="OPEN">{t('tournaments.manager.entriesOpen')}</option>
          <option value="MANAGER">{t('tournaments.manager.entriesManager')}</option>
        </SelectField>
        <TextField
          label={t('tournaments.manager.maxEntrants')}
          name="maxEntrants"
          type="number"
          inputMode="numeric"
          min={4}
          max={128}
          defaultValue={8}
        />
        {format !== 'KNOCKOUT' && (
          <>
            <TextField
              label={t('tournaments.manager.courts')}
              name="courts"
              type="number"
              inputMode="numeric"
              min={1}
              max={16}
              defaultValue={2}
            />
            <TextField
              label={t('tournaments.manager.pointsPerGame')}
              name="pointsPerGame"
              type="number"
              inputMode="numeric"
              min={16}
              max={48}
              step={2}
              defaultValue={24}
            />
          </>
        )}
        {format === 'AMERICANO' && (
          <TextField
            label={t('tournaments.manager.rounds')}
            name="rounds"
            type="number"
            inputMode="numeric"
            min={1}
          />
        )}
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButtonClass}>
            {t('tournaments.manager.createButton')}
          </button>
        </div>
      </form>
    </div>
  );
}

type Confirming = 'draw' | 'next' | 'finish' | 'delete';

interface ManagedTournamentProps {
  tournament: Tournament;
  onChanged(): Promise<void>;
  /** The tournament was deleted: its buttons are gone. */
  onGone(): void;
}

function ManagedTournament({ tournament, onChanged, onGone }: ManagedTournamentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const errorText = useTournamentErrorText();
  const [confirming, setConfirming] = useState<Confirming>();
  const [seeding, setSeeding] = useState<'RATING' | 'ENTRY'>('RATING');
  const [busy, setBusy] = useState(false);
  const [invited, setInvited] = useState<{ email?: string; failure?: string }>({});
  const item = useRef<HTMLLIElement>(null);
  const { tournamentId, name, status } = tournament;
  // Players enter and results come in while the manager looks: the section follows each tournament's room.
  useLiveRoom(liveRooms.tournament(tournamentId), {
    'tournament.updated': () => void onChanged(),
    onResync: () => void onChanged(),
  });

  const act = async (action: () => Promise<unknown>, done: (answer: unknown) => string, gone = false) => {
    setBusy(true);
    try {
      const answer = await action();
      alerts.info(done(answer));
    } catch (error) {
      alerts.error(errorText(error));
    } finally {
      setBusy(false);
    }
    await onChanged();
    if (gone) onGone();
    // The button used may be gone (Draw after the draw): the item's heading keeps the focus.
    else if (!item.current?.contains(document.activeElement)) item.current?.querySelector('h3')?.focus();
  };

  const confirmations: Record<Confirming, { message: string; label: string; run(): Promise<void> }> = {
    draw: {
      message: t('tournaments.manager.drawConfirm', { name }),
      label: t('tournaments.manager.draw'),
      run: () =>
        act(
          () => drawTournament(tournamentId, seeding),
          () => t('tournaments.manager.drawn', { name }),
        ),
    },
    next: {
      message: t('tournaments.manager.nextRoundConfirm', { name }),
      label: t('tournaments.manager.nextRound'),
      run: () =>
        act(
          () => makeNextRound(tournamentId),
          (answer) => t('tournaments.manager.roundMade', { round: (answer as { round: number }).round }),
        ),
    },
    finish: {
      message: t('tournaments.manager.finishConfirm', { name }),
      label: t('tournaments.manager.finish'),
      run: () =>
        act(
          () => finishTournament(tournamentId),
          () => t('tournaments.manager.finished', { name }),
        ),
    },
    delete: {
      message: t('tournaments.manager.deleteConfirm', { name }),
      label: t('tournaments.manager.delete'),
      run: () =>
        act(
          () => deleteTournament(tournamentId),
          () => t('tournaments.manager.deleted', { name }),
          true,
        ),
    },
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const accountId = String(new FormData(formElement).get('accountId') ?? '').trim();
    await act(
      () => addPlayer(tournamentId, accountId),
      () => t('tournaments.manager.added'),
    );
    formElement.reset();
  };

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const email = String(new FormData(formElement).get('email') ?? '').trim();
    if (busy) return;
    setBusy(true);
    try {
      await invitePlayer(tournamentId, email);
      setInvited({ email });
      formElement.reset();
    } catch (error) {
      setInvited({ failure: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const clubNight = tournament.format !== 'KNOCKOUT';
  const takesPlayers = status !== 'finished' && (clubNight || status === 'entry');
  // A doubles knockout's side is two players: the manager adds them by account (an invitation enters one alone).
  const invites = takesPlayers && (clubNight || teamSizeOf(tournament.sportsCategory) === 1);
  return (
    <li ref={item} className="rounded-lg p-3 ring-1 ring-ink-200" data-testid="managed-tournament">
      <h3 tabIndex={-1} className="font-semibold text-ink-900 outline-none">
        {name}
      </h3>
      <p className="text-sm text-ink-600">
        {[
          formatLabel(t, tournament.format),
          formatMoment(tournament.startsAt, locale),
          statusLabel(t, status),
        ].join(' · ')}
      </p>
      <p className="mt-1 text-sm">
        <Link to={pagePath('tournaments', locale, tournamentId)} className={linkClass}>
          {t('tournaments.manager.view', { name })}
        </Link>
      </p>
      <h4 className="mt-3 text-sm font-semibold text-ink-800">
        {t('tournaments.entries')} ({tournament.entries.length}/{tournament.maxEntrants})
      </h4>
      {tournament.entries.length === 0 ? (
        <p className="text-sm text-ink-600">{t('tournaments.noEntries')}</p>
      ) : (
        <ul className="mt-1 text-sm text-ink-800" data-testid="managed-entries">
          {tournament.entries.map((entry) => (
            <li key={entry.entryId}>{entry.members.map((member) => member.name).join(' & ')}</li>
          ))}
        </ul>
      )}
      {takesPlayers && (
        <OneFieldForm
          label={t('tournaments.manager.accountId')}
          name="accountId"
          button={t('tournaments.manager.add')}
          busy={busy}
          onSubmit={add}
        />
      )}
      {invites && (
        <OneFieldForm
          label={t('tournaments.manager.inviteEmail')}
          name="email"
          type="email"
          button={t('tournaments.manager.invite')}
          busy={busy}
          onSubmit={invite}
          testId="invite-by-email"
        >
          {invited.email && (
            <FormAlert kind="success">{t('tournaments.manager.invited', { email: invited.email })}</FormAlert>
          )}
          {invited.failure && <FormAlert>{invited.failure}</FormAlert>}
        </OneFieldForm>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {status === 'entry' && (
          <>
            <SelectField
              label={t('tournaments.manager.seeding')}
              value={seeding}
              onChange={(event) => setSeeding(event.target.value === 'ENTRY' ? 'ENTRY' : 'RATING')}
            >
              <option value="RATING">{t('tournaments.manager.seedingRating')}</option>
              <option value="ENTRY">{t('tournaments.manager.seedingEntry')}</option>
            </SelectField>
            <button
              type="button"
              className={`${primaryButtonClass} px-3 py-1.5`}
              aria-disabled={busy}
              onClick={() => setConfirming('draw')}
            >
              {t('tournaments.manager.draw')}
            </button>
            <button
              type="button"
              className={smallButton}
              aria-disabled={busy}
              onClick={() => setConfirming('delete')}
            >
              {t('tournaments.manager.delete')}
            </button>
          </>
        )}
        {status === 'running' && tournament.format === 'MEXICANO' && (
          <button
            type="button"
            className={smallButton}
            aria-disabled={busy}
            onClick={() => setConfirming('next')}
          >
            {t('tournaments.manager.nextRound')}
          </button>
        )}
        {status === 'running' && (
          <button
            type="button"
            className={smallButton}
            aria-disabled={busy}
            onClick={() => setConfirming('finish')}
          >
            {t('tournaments.manager.finish')}
          </button>
        )}
      </div>
      <LazyConfirmDialog
        open={confirming !== undefined}
        message={confirming ? confirmations[confirming].message : ''}
        confirmLabel={confirming ? confirmations[confirming].label : ''}
        cancelLabel={t('tournaments.cancel')}
        tone={confirming === 'delete' || confirming === 'finish' ? 'danger' : 'primary'}
        onClose={(confirmed) => {
          const chosen = confirming;
          setConfirming(undefined);
          if (confirmed && chosen && !busy) void confirmations[chosen].run();
        }}
      />
    </li>
  );
}

interface OneFieldFormProps {
  label: string;
  name: string;
  type?: 'text' | 'email';
  button: string;
  busy: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  testId?: string;
  /** The answer, under the field. */
  children?: ReactNode;
}

/** A manager's one-field form in a tournament's item: add a player by account, invite one by email. */
function OneFieldForm({
  label,
  name,
  type = 'text',
  button,
  busy,
  onSubmit,
  testId,
  children,
}: OneFieldFormProps) {
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        <TextField label={label} name={name} type={type} required autoComplete="off" />
      </div>
      <button type="submit" className={smallButton} aria-disabled={busy}>
        {button}
      </button>
      {children && <div className="w-full">{children}</div>}
    </form>
  );
}
