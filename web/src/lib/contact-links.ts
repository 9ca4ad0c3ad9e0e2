import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number as the API gives it: the calling code as digits ("31") and the number. */
interface PhoneNumber {
  countryCode: string;
  number: string;
}

interface ContactLinks {
  mail?: string;
  tel?: string;
  whatsApp?: string;
  signal?: string;
}

/**
 * The calling code and national digits of a phone number, a national trunk 0 dropped
 * ("31", "06 12345678" → "31", "612345678"), parsed with libphonenumber; undefined when unusable.
 */
export function internationalParts(phone: PhoneNumber): { cc: string; digits: string } | undefined {
  const cc = phone.countryCode.replace(/\D/g, '');
  const raw = phone.number.trim();
  if (cc === '' || raw.replace(/\D/g, '') === '') return undefined;
  const parsed = raw.startsWith('+')
    ? parsePhoneNumberFromString(raw)
    : parsePhoneNumberFromString(raw, { defaultCallingCode: cc });
  if (parsed) return { cc: parsed.countryCallingCode, digits: parsed.nationalNumber };
  // Not parseable: take the digits as they are, without a trunk 0.
  return { cc, digits: raw.replace(/\D/g, '').replace(/^0+/, '') };
}

/** mailto:, tel:+{cc}{digits}, WhatsApp and Signal links of a team member (DESIGN.md §4). */
export function contactLinks(member: {
  email?: string | null;
  phoneNumber?: PhoneNumber | null;
}): ContactLinks {
  const links: ContactLinks = {};
  if (member.email) links.mail = `mailto:${member.email}`;
  const parts = member.phoneNumber ? internationalParts(member.phoneNumber) : undefined;
  if (parts) {
    links.tel = `tel:+${parts.cc}${parts.digits}`;
    links.whatsApp = `https://wa.me/${parts.cc}${parts.digits}`;
    links.signal = `https://signal.me/#p/+${parts.cc}${parts.digits}`;
  }
  return links;
}
