import { describe, expect, it } from 'vitest';
import { contactLinks, internationalParts } from './contact-links';

describe('contact links', () => {
  it('builds mail, tel, WhatsApp and Signal links from the country code and digits', () => {
    expect(
      contactLinks({ email: 'ann@example.com', phoneNumber: { countryCode: '31', number: '612345678' } }),
    ).toEqual({
      mail: 'mailto:ann@example.com',
      tel: 'tel:+31612345678',
      whatsApp: 'https://wa.me/31612345678',
      signal: 'https://signal.me/#p/+31612345678',
    });
  });

  it('drops a national trunk 0 and spaces', () => {
    expect(internationalParts({ countryCode: '31', number: '06 12345678' })).toEqual({
      cc: '31',
      digits: '612345678',
    });
    expect(internationalParts({ countryCode: '44', number: '07400 123456' })).toEqual({
      cc: '44',
      digits: '7400123456',
    });
  });

  it('keeps numbers without a trunk prefix (Belgium, US)', () => {
    expect(contactLinks({ phoneNumber: { countryCode: '1', number: '202-555-0143' } }).tel).toBe(
      'tel:+12025550143',
    );
    expect(contactLinks({ phoneNumber: { countryCode: '32', number: '470 12 34 56' } }).whatsApp).toBe(
      'https://wa.me/32470123456',
    );
  });

  it('gives only a mail link without a phone, and nothing for an empty member', () => {
    expect(contactLinks({ email: 'bo@example.com', phoneNumber: null })).toEqual({
      mail: 'mailto:bo@example.com',
    });
    expect(contactLinks({})).toEqual({});
    expect(contactLinks({ phoneNumber: { countryCode: '31', number: '' } })).toEqual({});
  });
});
