import { Description, Field, Label, Switch } from '@headlessui/react';

interface SwitchFieldProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  onBlur?(): void;
  disabled?: boolean;
}

/** An on/off switch with its label and a hint (Headless UI Switch). */
export function SwitchField({ label, hint, checked, onChange, onBlur, disabled }: SwitchFieldProps) {
  return (
    <Field className="flex items-start justify-between gap-4" disabled={disabled}>
      <span className="flex min-w-0 flex-col">
        <Label className="text-sm font-medium text-ink-800">{label}</Label>
        {hint && <Description className="mt-0.5 text-sm text-ink-500">{hint}</Description>}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        onBlur={onBlur}
        className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-ink-300 transition-colors duration-200 ease-in-out data-checked:bg-brand-600 data-disabled:cursor-not-allowed data-disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none m-0.5 inline-block size-5 rounded-full bg-white shadow ring-0 transition duration-200 ease-in-out group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}
