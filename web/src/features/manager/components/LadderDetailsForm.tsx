import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../hooks/useTranslation';
import {
  ladderInputSchema,
  sportsCategories,
  type LadderInput,
  type SportsCategory,
} from '@courtside/events/ladders/model';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { TextField } from '../../../components/forms/TextField';
import { useAlerts } from '../../../hooks/useAlerts';
import { isApiError } from '../../../lib/http';
import { refusalText } from '../../../lib/i18n';
import { schemaResolver } from '../../../lib/schema-resolver';
import { createLadder, deleteLadder, updateLadder, type Ladder } from '../api/ladders';
import { useNameAvailability } from '../hooks/useNameAvailability';
import { useConfirmedDelete } from '../hooks/useConfirmedDelete';
import { DetailsFormActions } from './DetailsFormActions';
import { cardClass } from './tab-styles';
import { useFormDefaults } from '../../../hooks/useFormDefaults';

interface LadderDetailsFormProps {
  companyId: string;
  /** The ladder to change; none for a new ladder. */
  ladder?: Ladder;
  /** A new ladder's name to start with (an address naming a ladder that does not exist). */
  initialName?: string;
  onSaved(name: string): Promise<void>;
  onDeleted(): Promise<void>;
}

interface LadderValues {
  name: string;
  email: string;
  sportsCategory: SportsCategory;
}

const ladderFormSchema = ladderInputSchema.omit({ uuid: true });

/**
 * Spec §2 "Ladder details form": name (required, available), email (required, valid) and sports
 * category (TENNISSINGLE for a new ladder; locked while the ladder has an active season). Save is
 * disabled while the form is invalid or unchanged; Delete while the ladder has an active season.
 */
export function LadderDetailsForm({
  companyId,
  ladder,
  initialName,
  onSaved,
  onDeleted,
}: LadderDetailsFormProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const removal = useConfirmedDelete({
    remove: ladder ? () => deleteLadder(companyId, ladder.uuid) : undefined,
    deletedText: t('manager.ladderForm.deleted'),
    onDeleted,
  });

  const resolver = useMemo(
    () =>
      schemaResolver<LadderValues, Omit<LadderInput, 'uuid'>>(ladderFormSchema, (field, code, values) => {
        if (field === 'name') {
          if (code === 'too_big') return t('manager.ladderForm.nameMax');
          if (code === 'custom') return t('manager.ladderForm.nameSlash');
          return t('manager.ladderForm.nameRequired');
        }
        if (field === 'email')
          return values.email.trim() === ''
            ? t('manager.ladderForm.emailRequired')
            : t('manager.ladderForm.emailInvalid');
        return t('form.required');
      }),
    [t],
  );

  const defaults = useMemo<LadderValues>(
    () => ({
      name: ladder?.name ?? initialName ?? '',
      email: ladder?.email ?? '',
      sportsCategory: ladder?.sportsCategory ?? 'TENNISSINGLE',
    }),
    [ladder, initialName],
  );

  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<LadderValues, unknown, Omit<LadderInput, 'uuid'>>({
    resolver,
    defaultValues: defaults,
    mode: 'onChange',
  });

  useFormDefaults(reset, defaults, ladder?.uuid);

  const availability = useNameAvailability(companyId, watch('name'), ladder?.uuid);
  const nameError =
    errors.name?.message ?? (availability === 'taken' ? t('manager.ladderForm.nameTaken') : undefined);
  const locked = ladder?.hasActiveSeasons ?? false;
  const canSave =
    isValid && isDirty && availability !== 'taken' && availability !== 'checking' && !isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (ladder) {
        await updateLadder(companyId, { ...values, uuid: ladder.uuid });
        alerts.info(t('manager.ladderForm.saved'));
      } else {
        await createLadder(companyId, values);
        alerts.info(t('manager.ladderForm.created'));
      }
      reset(values);
      await onSaved(values.name);
    } catch (error) {
      if (!isApiError(error)) {
        setError('root.server', { message: t('form.failed') });
        return;
      }
      const field = error.issues[0]?.path[0];
      if (error.status === 409 && field === 'name')
        setError(
          'name',
          { type: 'server', message: t('manager.ladderForm.nameTaken') },
          { shouldFocus: true },
        );
      else if (error.status === 409 && field === 'sportsCategory')
        setError('sportsCategory', { type: 'server', message: t('manager.ladderForm.sportsLocked') });
      else if (error.status === 400 && (field === 'name' || field === 'email'))
        setError(field, { type: 'server', message: error.issues[0]!.message });
      else
        setError('root.server', {
          message: error.kind === 'network' ? t('form.network') : refusalText(error.error),
        });
    }
  });

  return (
    <section className={cardClass} aria-labelledby="ladder-form-title">
      <h2 id="ladder-form-title" className="text-lg font-semibold text-ink-900">
        {ladder ? ladder.name : t('manager.newLadder')}
      </h2>
      {!ladder && <p className="mt-1 text-sm text-ink-600">{t('manager.newLadderIntro')}</p>}
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('manager.ladderForm.name')}
            autoComplete="off"
            maxLength={100}
            error={nameError}
            hint={availability === 'checking' ? t('manager.ladderForm.checking') : undefined}
            {...register('name')}
          />
          <TextField
            label={t('manager.ladderForm.email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errors.email?.message}
            hint={t('manager.ladderForm.emailHint')}
            {...register('email')}
          />
        </div>
        <div className="sm:w-1/2 sm:pr-2.5">
          <SelectField
            label={t('manager.ladderForm.sportsCategory')}
            error={errors.sportsCategory?.message}
            hint={locked ? t('manager.ladderForm.sportsLocked') : undefined}
            // Locked: shown, not registered, so the form keeps (and sends) the ladder's own value.
            {...(locked
              ? { disabled: true, value: defaults.sportsCategory, onChange: () => {} }
              : register('sportsCategory'))}
          >
            {sportsCategories.map((category) => (
              <option key={category} value={category}>
                {t(`ladders.sports.${category}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <DetailsFormActions
          deletable={Boolean(ladder)}
          deleteLocked={locked}
          deleting={removal.deleting}
          onDelete={removal.ask}
          canSave={canSave}
          submitting={isSubmitting}
          texts="manager.ladderForm"
        />
      </form>
      {removal.dialog}
    </section>
  );
}
