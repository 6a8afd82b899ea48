import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { dialablePhone, formatPhone } from './phone-format';
import { parsePhone } from './phone-numbers';
import { phoneSchema } from './schemas/common';
import { optionalPhone } from './schemas/users';

const stored = (typed: string) => {
  const result = parsePhone(typed);
  if ('error' in result) throw new Error(result.error);
  return result.phone;
};
const errorOf = (typed: string) => {
  const result = parsePhone(typed);
  return 'error' in result ? result.error : null;
};

describe('phone numbers', () => {
  it.each([
    ['(212) 555-0101', '+12125550101'],
    ['212-555-0101', '+12125550101'],
    ['212.555.0101', '+12125550101'],
    ['1 212 555 0101', '+12125550101'],
    ['+1 212 555 0101', '+12125550101'],
    ['+12125550101', '+12125550101'],
    ['  2125550101 ', '+12125550101'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 1 42 68 53 00', '+33142685300'],
  ])('stores %s as %s', (typed, e164) => {
    expect(stored(typed)).toBe(e164);
  });

  it.each([
    ['call me', 'Phone must be a phone number, such as (212) 555-0101 or +44 20 7946 0958'],
    [
      '212-555-0101 ext 4',
      'Phone must be a phone number, such as (212) 555-0101 or +44 20 7946 0958',
    ],
    [
      '555-0101',
      'Phone is not a valid US phone number; start a number abroad with + and its country code',
    ],
    [
      '020 7946 0958',
      'Phone is not a valid US phone number; start a number abroad with + and its country code',
    ],
    ['+44 12', 'Phone is not a valid phone number for its country code'],
    ['1'.repeat(19), 'Phone is too long: at most 14 digits with the country code'],
  ])('refuses %s', (typed, message) => {
    expect(errorOf(typed)).toBe(message);
  });

  it('shows a US number in the national form, others in the international one', () => {
    expect(formatPhone('+12125550101')).toBe('(212) 555-0101');
    expect(formatPhone('+442079460958')).toBe('+44 2079460958');
    expect(formatPhone('+33142685300')).toBe('+33 142685300');
    expect(formatPhone('+353851234567')).toBe('+353 851234567');
    expect(formatPhone(null)).toBe('');
  });

  it('shows a phone stored before numbers were checked: formatted if it reads, else as typed', () => {
    expect(formatPhone('212-555-0101')).toBe('(212) 555-0101');
    expect(formatPhone('555-0101')).toBe('555-0101');
    expect(formatPhone('call me')).toBe('call me');
    expect(dialablePhone('212-555-0101')).toBe('+12125550101');
    expect(dialablePhone('555-0101')).toBe('5550101');
  });

  it('every stored form fits the 15 characters that phone columns allow', () => {
    for (const typed of ['+44 20 7946 0958', '(212) 555-0101', '+86 139 1234 5678']) {
      expect(stored(typed).length).toBeLessThanOrEqual(15);
    }
  });

  it('is the rule of the shared schemas, required and optional', () => {
    expect(phoneSchema('Phone number').parse('(212) 555-0101')).toBe('+12125550101');
    expect(phoneSchema('Phone number').safeParse('call me').error?.issues[0]?.message).toBe(
      'Phone number must be a phone number, such as (212) 555-0101 or +44 20 7946 0958',
    );
    expect(optionalPhone.parse('')).toBeNull();
    expect(optionalPhone.parse(null)).toBeNull();
    expect(optionalPhone.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(optionalPhone.safeParse('555').success).toBe(false);
  });

  it("shows what the parser stores as the parser would: US national form, the country's calling code", () => {
    const usNumber = fc
      .tuple(fc.integer({ min: 201, max: 989 }), fc.integer({ min: 200, max: 999 }), fc.nat(9999))
      .map(([area, exchange, line]) => `${area}${exchange}${String(line).padStart(4, '0')}`);
    fc.assert(
      fc.property(usNumber, (digits) => {
        const parsed = parsePhoneNumberFromString(digits, 'US');
        fc.pre(parsed?.isValid() === true);
        expect(formatPhone(stored(digits))).toBe(parsed!.formatNational());
        expect(dialablePhone(stored(digits))).toBe(parsed!.number);
      }),
    );
    for (const typed of [
      '+44 20 7946 0958',
      '+33 1 42 68 53 00',
      '+49 30 901820',
      '+353 85 123 4567',
      '+7 495 123-45-67',
      '+86 139 1234 5678',
      '+52 55 1234 5678',
      '+971 50 123 4567',
    ]) {
      const parsed = parsePhoneNumberFromString(typed)!;
      expect(formatPhone(stored(typed))).toBe(
        `+${parsed.countryCallingCode} ${parsed.nationalNumber}`,
      );
    }
  });
});
