import type { ComponentProps } from 'react';
import { digitsOnly, formatNumberInput, parseNumberInput } from '../../lib/number-input';
import { TextField } from './TextField';

type NumberFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'value' | 'onChange' | 'type' | 'inputMode'
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
