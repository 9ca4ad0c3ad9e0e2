import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../hooks/useTranslation';
import type { SeasonInput } from '@courtside/events/ladders/model';
import { movements } from '@courtside/events/ladders/rules';
import { NumberField } from '../../../components/forms/NumberField';
import { SelectField } from '../../../components/forms/SelectField';
import { SwitchField } from '../../../components/forms/SwitchField';
import { ruleNumberFields, type RulesFormValues } from '../ladder-rules';
import type { SeasonValues } from '../season-values';

interface LadderRulesFieldsProps {
  control: Control<SeasonValues, unknown, SeasonInput>;
  register: UseFormRegister<SeasonValues>;
  errors: FieldErrors<RulesFormValues> | undefined;
}

/**
 * The "Ladder rules" section of the season form (DESIGN.md §5 table): each rule with a plain-language hint.
 * The numbers are whole numbers within the api's limits; the resolver and the server's 400 issues put their
 * messages on the field (`rules.{field}`).
 */
export function LadderRulesFields({ control, register, errors }: LadderRulesFieldsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="space-y-5 border-t border-ink-100 pt-5"
      data-testid="ladder-rules"
    >
      <div>
        <h3 id={titleId} className="text-base font-semibold text-ink-900">
          {t('manager.rules.title')}
        </h3>
        <p className="mt-1 text-sm text-ink-500">{t('manager.rules.intro')}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {ruleNumberFields.map((field) => (
          <Controller
            key={field}
            control={control}
            name={`rules.${field}`}
            render={({ field: input }) => (
              <NumberField
                label={t(`manager.rules.${field}`)}
                hint={t(`manager.rules.${field}Hint`)}
                name={input.name}
                ref={input.ref}
                value={input.value}
                onChange={input.onChange}
                onBlur={input.onBlur}
                error={errors?.[field]?.message}
              />
            )}
          />
        ))}
      </div>
      <SelectField
        label={t('manager.rules.movement')}
        hint={t('manager.rules.movementHint')}
        error={errors?.movement?.message}
        {...register('rules.movement')}
      >
        {movements.map((movement) => (
          <option key={movement} value={movement}>
            {t(`manager.rules.movements.${movement}`)}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="rules.declineIsWalkover"
        render={({ field }) => (
          <SwitchField
            label={t('manager.rules.declineIsWalkover')}
            hint={t('manager.rules.declineIsWalkoverHint')}
            checked={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </div>
  );
}
