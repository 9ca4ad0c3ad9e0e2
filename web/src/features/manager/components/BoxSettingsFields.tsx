import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { SeasonInput } from '@courtside/events/ladders/model';
import { useTranslation } from '../../../hooks/useTranslation';
import { SelectField } from '../../../components/forms/SelectField';
import { i18n } from '../../../lib/i18n';
import { addBoxesTexts } from '../../../locales/boxes-texts';
import type { BoxFormValues, SeasonValues } from '../season-values';

addBoxesTexts(i18n);

/** The box settings (DESIGN.md §12) with the values each may take (events/src/boxes/model.ts). */
const boxChoices: Record<keyof BoxFormValues, readonly number[]> = {
  size: [4, 5, 6, 7, 8],
  pointsWin: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  pointsPlayed: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  promote: [0, 1, 2, 3],
  relegate: [0, 1, 2, 3],
};
const boxFields = Object.keys(boxChoices) as Array<keyof BoxFormValues>;

interface BoxSettingsFieldsProps {
  control: Control<SeasonValues, unknown, SeasonInput>;
  register: UseFormRegister<SeasonValues>;
  /** Whether the form's format is BOX: the box settings show only then. */
  inBoxes: boolean;
  /** The format's error (the server's `409 HAS_MATCHES`, in words). */
  formatError: string | undefined;
  errors: FieldErrors<BoxFormValues> | undefined;
}

/**
 * The "Boxes" part of the season form (DESIGN.md §12): whether the season plays in boxes (fixed once it has a match)
 * and, for a box season, the size of a box, the points and how many go up and down a box at the close. The draw and
 * the close are on the Season tab under the form (BoxesManager).
 */
export function BoxSettingsFields({
  control,
  register,
  inBoxes,
  formatError,
  errors,
}: BoxSettingsFieldsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const formatId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="space-y-5 border-t border-ink-100 pt-5"
      data-testid="box-settings"
    >
      <h3 id={titleId} className="text-base font-semibold text-ink-900">
        {t('boxes.manager.settingsTitle')}
      </h3>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-ink-800">
          <Controller
            control={control}
            name="format"
            render={({ field }) => (
              <input
                type="checkbox"
                className="size-4 rounded border-ink-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-describedby={`${formatId}-hint`}
                aria-invalid={formatError ? true : undefined}
                name={field.name}
                ref={field.ref}
                checked={field.value === 'BOX'}
                onChange={(event) => field.onChange(event.target.checked ? 'BOX' : 'LADDER')}
                onBlur={field.onBlur}
              />
            )}
          />
          {t('boxes.manager.format')}
        </label>
        <p
          id={`${formatId}-hint`}
          className={`mt-1 text-sm ${formatError ? 'text-red-700' : 'text-ink-600'}`}
          data-testid="format-hint"
        >
          {formatError ?? t('boxes.manager.formatHint')}
        </p>
      </div>
      {inBoxes && (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          {boxFields.map((field) => (
            <SelectField
              key={field}
              label={t(`boxes.manager.${field}`)}
              error={errors?.[field]?.message}
              {...register(`box.${field}`, { setValueAs: Number })}
            >
              {boxChoices[field].map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      )}
    </div>
  );
}
