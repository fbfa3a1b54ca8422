import { parsePhone, phoneMessage, shippingSchema } from './checkout.schema';

const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(217) 555-0142',
  address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
};
/** A real place of each country, so that only the phone is in question (the postcode follows the country). */
const PLACES: Record<string, { city: string; state: string; zipCode: string }> = {
  US: { city: 'Springfield', state: 'IL', zipCode: '62701' },
  CA: { city: 'Ottawa', state: 'ON', zipCode: 'K1A 0B1' },
  GB: { city: 'London', state: '', zipCode: 'SW1A 2AA' },
  AU: { city: 'Melbourne', state: 'VIC', zipCode: '3000' },
  MX: { city: 'Ciudad de México', state: 'CMX', zipCode: '06000' },
};
const phoneOf = (phone: string, country = 'US') => shippingSchema.safeParse({ ...SHIPPING, ...PLACES[country], phone, country });

describe('shipping phone: E.164 for Square, refused in the form when it is not a number we can reach', () => {
  it.each([
    ['(217) 555-0142', 'US', '+12175550142'],
    ['217.555.0142', 'US', '+12175550142'],
    ['+1 (217) 555-0142 ext. 12', 'US', '+12175550142 ext. 12'],
    ['217-555-0142 x12', 'US', '+12175550142 ext. 12'],
    ['(416) 555-0142', 'CA', '+14165550142'],
    ['020 7946 0018', 'GB', '+442079460018'],
    ['(02) 5550 4321', 'AU', '+61255504321'],
    ['55 1234 5678', 'MX', '+525512345678'],
    // a number with its own country code is read as such, whatever the shipping country
    ['+44 20 7946 0018', 'US', '+442079460018'],
    ['+1 217 555 0142', 'GB', '+12175550142'],
  ])('%j shipped to %s is kept as %j', (typed, country, kept) => {
    const r = phoneOf(typed, country);
    expect(r.error?.issues).toBeUndefined();
    expect(r.data?.phone).toBe(kept);
  });

  it('reads its own output again unchanged (the API parses what the form produced)', () => {
    for (const typed of ['+1 (217) 555-0142 ext. 12', '(02) 5550 4321']) {
      const country = typed.startsWith('(02)') ? 'AU' : 'US';
      const once = phoneOf(typed, country).data!.phone;
      expect(phoneOf(once, country).data?.phone).toBe(once);
    }
  });

  it.each([
    ['555-123-4567', 'US'], // no area code 555
    ['(217) 555-014299', 'US'], // too long for the US
    ['1-800-FLOWERS!', 'US'],
    ['call me maybe', 'US'],
    ['(217) 555-0142', 'GB'], // a US number without +1, shipped to the UK
  ])('refuses %j (shipping to %s) on the phone field with an example of that country', (typed, country) => {
    const r = phoneOf(typed, country);
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['phone'], message: phoneMessage(country) })]);
  });

  it("says what to type: 'Enter a phone number we can reach, e.g. (217) 555-0142'", () => {
    expect(phoneMessage('US')).toBe('Enter a phone number we can reach, e.g. (217) 555-0142');
    expect(phoneMessage('GB')).toBe('Enter a phone number we can reach, e.g. 020 7946 0018');
    // each example is itself a valid number of its country
    for (const country of ['US', 'CA', 'GB', 'AU', 'MX']) {
      const example = phoneMessage(country).split('e.g. ')[1];
      expect(parsePhone(example, country)).not.toBeNull();
    }
  });

  it("shows the phone message beside the other fields' messages, not once they are fixed", () => {
    const r = shippingSchema.safeParse({ ...SHIPPING, firstName: '', phone: '555-123-4567' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'First name is required'],
      ['phone', phoneMessage('US')],
    ]);
  });

  it('keeps the specified message for a phone that is too short; checks the number once a country is chosen', () => {
    expect(phoneOf('12345').error?.issues.map((i) => i.message)).toEqual(['Valid phone number is required']);
    const r = shippingSchema.safeParse({ ...SHIPPING, country: 'FR', phone: '555-123-4567' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Country is required']);
  });

  it('parsePhone: E.164 and the extension apart', () => {
    expect(parsePhone('+1 (217) 555-0142 ext. 12', 'US')).toEqual({ e164: '+12175550142', ext: '12' });
    expect(parsePhone('(217) 555-0142')).toEqual({ e164: '+12175550142', ext: null });
    expect(parsePhone('(217) 555-0142', 'ZZ')).toEqual({ e164: '+12175550142', ext: null });
    expect(parsePhone('0142')).toBeNull();
  });
});
