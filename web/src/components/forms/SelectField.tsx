import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { inputClass } from './styles';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  error?: string;
  /** A note under the field (e.g. why it is disabled); the error replaces it. */
  hint?: ReactNode;
  children: ReactNode;
  /** Hide the label visually (it stays for screen readers). */
  srOnlyLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (best on phones); spread react-hook-form's `register()` into it. */
export function SelectField({
  label,
  error,
  hint,
  children,
  srOnlyLabel,
  id,
  ref,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div>
      <label
        htmlFor={selectId}
        className={srOnlyLabel ? 'sr-only' : 'block text-sm font-medium text-ink-800'}
      >
        {label}
      </label>
      <div className={`relative ${srOnlyLabel ? '' : 'mt-1.5'}`}>
        <select
          id={selectId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={!error && hint ? `${selectId}-hint` : undefined}
          className={`${inputClass} appearance-none pr-9`}
          {...select}
        >
          {children}
        </select>
        <svg
          viewBox="0 0 16 16"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M4.22 6.22a.75.75 0 0 1 1.06 0L8 8.94l2.72-2.72a.75.75 0 1 1 1.06 1.06l-3.25 3.25a.75.75 0 0 1-1.06 0L4.22 7.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </div>
      {error ? (
        <p className="mt-1.5 text-sm text-red-700">{error}</p>
      ) : (
        hint && (
          <p id={`${selectId}-hint`} className="mt-1.5 text-sm text-ink-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
