import type { ComponentProps } from 'react';
import { digitsOnly, formatNumberInput, parseNumberInput } from '../../lib/number-input';
import { TextField } from './TextField';

// No maxLength: the browser would clip what is typed or pasted without a word (100000 days became 100); the form's
// schema says what is too big instead.
type NumberFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength'
> & {
  value: number | null;
  onChange(value: number | null): void;
};

/**
 * A number-only input (spec §5): every non-digit is stripped as the user types; empty gives null,
 * anything else its decimal number.
 */
export function NumberField({ value, onChange, ...props }: NumberFieldProps) {
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      value={formatNumberInput(value)}
      onChange={(event) => {
        const digits = digitsOnly(event.target.value);
        if (digits !== event.target.value) event.target.value = digits;
        onChange(parseNumberInput(digits));
      }}
    />
  );
}
