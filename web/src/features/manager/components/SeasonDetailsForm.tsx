import { useCallback, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../hooks/useTranslation';
import { matchTypes, seasonInputSchema, type SeasonInput } from '@courtside/events/ladders/model';
import { newSeasonDefaults, overlappingSeason } from '@courtside/events/ladders/season-rules';
import { defaultBoxSettings, withBoxSettings, type BoxSettings } from '@courtside/events/boxes/model';
import { FormAlert } from '../../../components/forms/FormAlert';
import { NumberField } from '../../../components/forms/NumberField';
import { SelectField } from '../../../components/forms/SelectField';
import { SwitchField } from '../../../components/forms/SwitchField';
import { TextField } from '../../../components/forms/TextField';
import { useAlerts } from '../../../hooks/useAlerts';
import { isApiError } from '../../../lib/http';
import { refusalText } from '../../../lib/i18n';
import { schemaResolver } from '../../../lib/schema-resolver';
import { deleteSeason, saveSeason, type Season } from '../api/ladders';
import {
  isNumberRule,
  ruleFieldOf,
  ruleLimits,
  rulesFormValues,
  type RulesFormValues,
} from '../ladder-rules';
import { useConfirmedDelete } from '../hooks/useConfirmedDelete';
import { DetailsFormActions } from './DetailsFormActions';
import { LadderRulesFields } from './LadderRulesFields';
import { BoxSettingsFields } from './BoxSettingsFields';
import { cardClass } from './tab-styles';
import type { SeasonValues } from '../season-values';
import { useFormDefaults } from '../../../hooks/useFormDefaults';

interface SeasonDetailsFormProps {
  companyId: string;
  ladderId: string;
  /** The season to change; none for a new season. */
  season?: Season;
  /** All seasons of the ladder (for the overlap check). */
  seasons: readonly Season[];
  onSaved(season: { uuid: string }): Promise<void>;
  onDeleted(): Promise<void>;
}

const FIELDS = [
  'name',
  'startDate',
  'endDate',
  'minimumPlayedMatches',
  'openForRegistration',
  'matchType',
  'format',
] as const;
const boxFieldOf = (name: unknown) =>
  (Object.keys(defaultBoxSettings) as Array<keyof BoxSettings>).find((field) => field === name);

/**
 * Spec §2 "Season details form": name, start and end date, minimum matches (number only),
 * registration possible and match type. Defaults for a new season come from `newSeasonDefaults`;
 * the end may not be before the start, and a season sharing a day with another one of the ladder
 * ("Season overlaps with another season") cannot be saved. Delete is disabled for an active season.
 */
export function SeasonDetailsForm({
  companyId,
  ladderId,
  season,
  seasons,
  onSaved,
  onDeleted,
}: SeasonDetailsFormProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const removal = useConfirmedDelete({
    remove: season ? () => deleteSeason(companyId, ladderId, season.uuid) : undefined,
    deletedText: t('manager.seasonForm.deleted'),
    onDeleted,
  });

  const ruleIssueText = useCallback(
    (rule: keyof RulesFormValues) =>
      isNumberRule(rule) ? t('manager.rules.range', ruleLimits[rule]) : t('form.required'),
    [t],
  );

  const resolver = useMemo(
    () =>
      schemaResolver<SeasonValues, SeasonInput>(seasonInputSchema, (field, code) => {
        const rule = ruleFieldOf(field);
        if (rule) return ruleIssueText(rule);
        switch (field) {
          case 'name':
            return code === 'too_big'
              ? t('manager.seasonForm.nameMax')
              : t('manager.seasonForm.nameRequired');
          case 'startDate':
            return t('manager.seasonForm.dateRequired');
          case 'endDate':
            return code === 'custom'
              ? t('manager.seasonForm.endBeforeStart')
              : t('manager.seasonForm.dateRequired');
          case 'minimumPlayedMatches':
            return code === 'too_big'
              ? t('manager.seasonForm.numberMax')
              : t('manager.seasonForm.numberRequired');
          default:
            return t('form.required');
        }
      }),
    [t, ruleIssueText],
  );

  const defaults = useMemo<SeasonValues>(() => {
    if (season) {
      return {
        name: season.name,
        startDate: season.startDate,
        endDate: season.endDate,
        minimumPlayedMatches: season.minimumPlayedMatches,
        openForRegistration: season.openForRegistration,
        matchType: season.matchType,
        rules: rulesFormValues(season.rules),
        format: season.format ?? 'LADDER',
        box: withBoxSettings(defaultBoxSettings, season.box),
      };
    }
    return {
      name: '',
      ...newSeasonDefaults(new Date()),
      rules: rulesFormValues(undefined),
      format: 'LADDER',
      box: defaultBoxSettings,
    };
  }, [season]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<SeasonValues, unknown, SeasonInput>({ resolver, defaultValues: defaults, mode: 'onChange' });

  useFormDefaults(reset, defaults, season?.uuid);

  const startDate = watch('startDate');
  const format = watch('format');
  const endDate = watch('endDate');
  const datesValid = /^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate);
  const endBeforeStart = datesValid && endDate < startDate;
  const overlap =
    datesValid && !endBeforeStart
      ? overlappingSeason({ uuid: season?.uuid, startDate, endDate }, seasons)
      : undefined;
  const startError = errors.startDate?.message ?? (overlap ? t('manager.seasonForm.overlaps') : undefined);
  const endError =
    errors.endDate?.message ?? (endBeforeStart ? t('manager.seasonForm.endBeforeStart') : undefined);
  const canSave = isValid && isDirty && !overlap && !endBeforeStart && !isSubmitting;
  const active = season?.active ?? false;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveSeason(companyId, ladderId, season ? { ...values, uuid: season.uuid } : values);
      alerts.info(season ? t('manager.seasonForm.changed') : t('manager.seasonForm.created'));
      reset(values as SeasonValues);
      await onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) {
        setError('root.server', { message: t('form.failed') });
        return;
      }
      // DESIGN.md §15: the format is fixed once the season has a match.
      if (
        error.status === 409 &&
        (error.body as { reason?: unknown } | undefined)?.reason === 'HAS_MATCHES'
      ) {
        setError(
          'format',
          { type: 'server', message: t('boxes.manager.formatFixed') },
          { shouldFocus: true },
        );
        return;
      }
      if (error.status === 409 && error.error === 'Season overlaps with another season') {
        setError(
          'startDate',
          { type: 'server', message: t('manager.seasonForm.overlaps') },
          { shouldFocus: true },
        );
        return;
      }
      let placed = false;
      if (error.status === 400 || error.status === 409) {
        for (const issue of error.issues) {
          const rule = ruleFieldOf(issue.path);
          if (rule) {
            setError(`rules.${rule}`, { type: 'server', message: ruleIssueText(rule) });
            placed = true;
            continue;
          }
          const boxField = issue.path[0] === 'box' ? boxFieldOf(issue.path[1]) : undefined;
          if (boxField) {
            setError(`box.${boxField}`, { type: 'server', message: issue.message });
            placed = true;
            continue;
          }
          const field = FIELDS.find((name) => name === issue.path[0]);
          if (field) {
            setError(field, { type: 'server', message: issue.message });
            placed = true;
          }
        }
      }
      if (!placed)
        setError('root.server', {
          message: error.kind === 'network' ? t('form.network') : refusalText(error.error),
        });
    }
  });

  return (
    <section className={cardClass} aria-labelledby="season-form-title">
      <h2 id="season-form-title" className="text-lg font-semibold text-ink-900">
        {season ? season.name : t('manager.seasons.newSeason')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField
          label={t('manager.seasonForm.name')}
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('manager.seasonForm.startDate')}
            type="date"
            error={startError}
            {...register('startDate', { deps: ['endDate'] })}
          />
          <TextField
            label={t('manager.seasonForm.endDate')}
            type="date"
            min={startDate || undefined}
            error={endError}
            {...register('endDate', { deps: ['startDate'] })}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="minimumPlayedMatches"
            render={({ field }) => (
              <NumberField
                label={t('manager.seasonForm.minimumMatches')}
                hint={t('manager.seasonForm.minimumMatchesHint')}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.minimumPlayedMatches?.message}
              />
            )}
          />
          <SelectField
            label={t('manager.seasonForm.matchType')}
            error={errors.matchType?.message}
            {...register('matchType')}
          >
            {matchTypes.map((type) => (
              <option key={type} value={type}>
                {t(`ladders.matchTypes.${type}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <Controller
          control={control}
          name="openForRegistration"
          render={({ field }) => (
            <SwitchField
              label={t('manager.seasonForm.registration')}
              hint={t(
                field.value
                  ? 'manager.seasonForm.registrationHint'
                  : 'manager.seasonForm.registrationOffHint',
              )}
              checked={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {/* DESIGN.md §12: challenges are off in a box season, so are their rules. */}
        {format !== 'BOX' && (
          <LadderRulesFields control={control} register={register} errors={errors.rules} />
        )}
        <BoxSettingsFields
          control={control}
          register={register}
          inBoxes={format === 'BOX'}
          formatError={errors.format?.message}
          errors={errors.box}
        />
        <DetailsFormActions
          deletable={Boolean(season)}
          deleteLocked={active}
          deleting={removal.deleting}
          onDelete={removal.ask}
          canSave={canSave}
          submitting={isSubmitting}
          texts="manager.seasonForm"
        />
      </form>
      {removal.dialog}
    </section>
  );
}
