/** Spec §5: number-only inputs strip every non-digit character as the user types. */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** An empty numeric input gives null; otherwise the (decimal) number of its digits. */
export function parseNumberInput(raw: string): number | null {
  const digits = digitsOnly(raw);
  return digits === '' ? null : Number.parseInt(digits, 10);
}

/** The text a number-only input shows for a value. */
export function formatNumberInput(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
}
