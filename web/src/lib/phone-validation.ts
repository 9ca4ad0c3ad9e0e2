import type { CountryCode } from 'libphonenumber-js';
import { parsePhone } from '@courtside/events/accounts/phone';
import { callingCode } from './phone';

// Its own module: the rule needs the full metadata (libphonenumber-js/max), which only the account forms load.
/**
 * Whether `number` is a valid phone number of `country`: national ("06 12345678") or international
 * with the same calling code ("+31 6 12345678").
 */
export function isValidPhone(number: string, country: CountryCode): boolean {
  // The api's rule (events/src/accounts/phone.ts), so the form accepts exactly what the api stores.
  return parsePhone(callingCode(country), number)?.countryCode === callingCode(country);
}
