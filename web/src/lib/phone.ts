import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * Phone numbers of a minimal account: `{countryCode, number}` with the calling code as digits
 * without '+' ("31") and the number as typed ("06 12345678").
 */

/** The countries offered in the phone field, in this order (the Netherlands first: the default). */
export const PHONE_COUNTRIES: readonly CountryCode[] = [
  'NL',
  'BE',
  'DE',
  'GB',
  'FR',
  'ES',
  'IT',
  'PT',
  'LU',
  'AT',
  'CH',
  'DK',
  'SE',
  'NO',
  'IE',
  'PL',
  'US',
  'CA',
  'AU',
];

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'NL';

/** "31" for NL. */
export function callingCode(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/** The first offered country with this calling code ("1" → US), or the default. */
export function countryForCallingCode(code: string | null | undefined): CountryCode {
  const digits = (code ?? '').replace(/\D/g, '');
  return PHONE_COUNTRIES.find((c) => callingCode(c) === digits) ?? DEFAULT_PHONE_COUNTRY;
}

/** The country's name in the UI language ("Netherlands", "Nederland"); the code when unknown. */
export function countryName(country: CountryCode, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** "+31 6 12345678" for display; the raw parts when the number can't be parsed. */
export function formatPhone(phone: { countryCode: string; number: string }): string {
  const parsed = parsePhoneNumberFromString(phone.number, countryForCallingCode(phone.countryCode));
  if (parsed && parsed.countryCallingCode === phone.countryCode) return parsed.formatInternational();
  return `+${phone.countryCode} ${phone.number}`;
}
