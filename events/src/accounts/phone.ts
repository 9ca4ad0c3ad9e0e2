import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface PhoneNumber {
  /** Country calling code, digits only: "31". */
  countryCode: string;
  /** National significant number, digits only, without a trunk 0: "612345678". */
  number: string;
}

/** Parses what a person typed (with or without the trunk 0, spaces, dashes) into a valid number, or undefined. */
export function parsePhone(countryCode: string, typed: string): PhoneNumber | undefined {
  // Stryker disable next-line MethodExpression: equivalent, libphonenumber reads a number past surrounding spaces (a "  +44 …" too)
  const trimmed = typed.trim();
  const parsed = trimmed.startsWith('+')
    ? parsePhoneNumberFromString(trimmed)
    : parsePhoneNumberFromString(trimmed, { defaultCallingCode: countryCode });
  if (!parsed || !parsed.isValid()) return undefined;
  return { countryCode: parsed.countryCallingCode, number: parsed.nationalNumber };
}
