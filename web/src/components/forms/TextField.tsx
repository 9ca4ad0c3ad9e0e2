import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { inputClass } from './styles';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** The field's error; shown under it and linked with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Something inside the input on the right (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Extra classes for the input (e.g. a large, spaced-out code field). */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with a hint and an error line; spread react-hook-form's `register()` into it. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  inputClassName = '',
  id,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={inputId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} ${trailing ? 'pr-11' : ''} ${inputClassName}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1 text-sm text-red-700">
          <svg viewBox="0 0 16 16" fill="currentColor" className="mt-0.5 size-4 shrink-0" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14ZM8 4a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : (
        hint && (
          <p id={hintId} className="mt-1.5 text-sm text-ink-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
