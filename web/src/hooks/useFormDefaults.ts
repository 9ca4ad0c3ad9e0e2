import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReset } from 'react-hook-form';

/**
 * Puts a form back to `defaults` whenever they change. A newer copy of the same record (a live push, the echo of
 * the form's own save) keeps the fields the person has changed meanwhile, so nothing they typed is lost; another
 * record (`identity` changed) replaces every field.
 */
export function useFormDefaults<T extends FieldValues>(
  reset: UseFormReset<T>,
  defaults: T,
  identity: string | undefined,
): void {
  const shown = useRef(identity);
  useEffect(() => {
    const sameRecord = shown.current === identity;
    shown.current = identity;
    reset(defaults, { keepDirtyValues: sameRecord });
  }, [defaults, identity, reset]);
}
