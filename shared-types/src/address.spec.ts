import { addressProblems, postcodeLabel, regionLabel, regionsOf, stateOfZip, usStateOfText } from './address';
import { moneySettingsSchema } from './schemas/money-settings.schema';
import { profileAddressUpdateSchema } from './schemas/profile-address.schema';
import { shippingSchema } from './schemas/checkout.schema';

// Real addresses: Canada Post's head office (its addressing guidelines' own example postcode,
// K1A 0B1), Australia Post's head office in Melbourne and its Darwin GPO postcode, 10 Downing
// Street, and the Illinois State Capitol in Springfield.
const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const canada = { ...person, phone: '(613) 555-0142', address: '2701 Riverside Drive', city: 'Ottawa', state: 'ON', zipCode: 'K1A 0B1', country: 'CA' };
const australia = { ...person, phone: '(03) 5550 4321', address: '111 Bourke Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU' };
const britain = { ...person, phone: '020 7946 0018', address: '10 Downing Street', city: 'London', state: '', zipCode: 'SW1A 2AA', country: 'GB' };
const illinois = { ...person, phone: '(217) 555-0142', address: '401 S 2nd Street', city: 'Springfield', state: 'IL', zipCode: '62756', country: 'US' };

const messages = (input: unknown) => {
  const parsed = shippingSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('addresses by country', () => {
  it('offers the regions of countries that have them, under their own word, and none for the United Kingdom', () => {
    expect(regionLabel('US')).toBe('State');
    expect(regionLabel('CA')).toBe('Province');
    expect(regionLabel('AU')).toBe('State');
    expect(regionLabel('GB')).toBeNull();
    expect(regionsOf('GB')).toEqual([]);
    expect(regionsOf('CA').map((r) => r.code)).toEqual(expect.arrayContaining(['ON', 'QC', 'BC', 'NU']));
    expect(regionsOf('AU').map((r) => r.code)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(regionsOf('US')).toEqual(
      expect.arrayContaining([
        { code: 'IL', name: 'Illinois' },
        { code: 'DC', name: 'District of Columbia' },
      ]),
    );
    expect(postcodeLabel('US')).toBe('ZIP code');
    expect(postcodeLabel('GB')).toBe('Postcode');
  });

  it('takes a Canadian address with its province and an Australian 4-digit postcode', () => {
    expect(messages(canada)).toEqual({});
    expect(messages(australia)).toEqual({});
    expect(messages({ ...australia, city: 'Darwin', state: 'NT', zipCode: '0800' })).toEqual({});
    expect(messages(illinois)).toEqual({});
  });

  it('asks no region in the United Kingdom, and keeps none', () => {
    expect(messages(britain)).toEqual({});
    expect(shippingSchema.parse({ ...britain, state: 'Kent' }).state).toBe('');
  });

  it("refuses a postcode not of the country's form, and a region not of the country", () => {
    expect(messages({ ...australia, zipCode: '30000' })).toEqual({ zipCode: 'Enter a postcode like 2000' });
    expect(messages({ ...canada, zipCode: '12345' })).toEqual({ zipCode: 'Enter a postal code like K1A 0B1' });
    expect(messages({ ...britain, zipCode: '1234' })).toEqual({ zipCode: 'Enter a postcode like SW1A 1AA' });
    expect(messages({ ...canada, state: 'NY' })).toEqual({ state: 'Choose a province of Canada' });
    expect(messages({ ...canada, state: '' })).toEqual({ state: 'Province is required' });
    expect(messages({ ...illinois, zipCode: '' })).toEqual({ zipCode: 'ZIP code is required' });
  });

  it('refuses a US ZIP code of another state, naming both', () => {
    expect(stateOfZip('62756')).toBe('IL');
    expect(stateOfZip('90210-1234')).toBe('CA');
    expect(messages({ ...illinois, zipCode: '90210' })).toEqual({ zipCode: 'ZIP code 90210 is in California, not Illinois' });
    expect(addressProblems({ country: 'US', state: 'WI', zipCode: '63005' })).toEqual([
      { path: 'zipCode', message: 'ZIP code 63005 is in Missouri, not Wisconsin' },
    ]);
  });

  it('checks what an account keeps only as far as it is filled in', () => {
    expect(profileAddressUpdateSchema.safeParse({ email: 'ada@example.com', country: 'AU', zipCode: '3000' }).success).toBe(true);
    expect(profileAddressUpdateSchema.safeParse({ email: 'ada@example.com', country: 'AU', zipCode: '30000' }).success).toBe(false);
    expect(profileAddressUpdateSchema.safeParse({ email: 'ada@example.com', country: 'US', state: 'IL', zipCode: '90210' }).success).toBe(false);
  });

  it("reads a stop's US state from its address line", () => {
    expect(usStateOfText('100 N 5th Street, Springfield, IL 62701')).toBe('IL');
    expect(usStateOfText('Navy Pier, 600 E Grand Ave, Chicago, IL 60611, USA')).toBe('IL');
    expect(usStateOfText('Pike Place Market, Seattle, WA')).toBe('WA');
    expect(usStateOfText('Lakeside Park')).toBeNull();
    expect(usStateOfText(null)).toBeNull();
  });
});

describe('shipping and tax settings', () => {
  const valid = {
    shipTo: ['US', 'CA'],
    shippingRates: [
      { country: 'US', region: null, cents: 599 },
      { country: 'CA', region: null, cents: 1500 },
    ],
    freeShippingOverCents: 7500,
    taxRates: [
      { country: 'US', region: null, percent: 7 },
      { country: 'US', region: 'IL', percent: 6.25 },
    ],
  };

  it('takes rates by country and region', () => {
    expect(moneySettingsSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a country shipped to without a rate, a region not of its country, two rates for one place and odd percentages', () => {
    const issues = (input: unknown) => {
      const parsed = moneySettingsSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(issues({ ...valid, shipTo: ['US', 'CA', 'GB'] })).toEqual(['Set a shipping rate for GB']);
    expect(issues({ ...valid, taxRates: [{ country: 'US', region: 'ON', percent: 5 }] })).toEqual(['ON is not a region of US']);
    expect(issues({ ...valid, taxRates: [valid.taxRates[1], valid.taxRates[1]] })).toEqual(['This place has two rates']);
    expect(issues({ ...valid, taxRates: [{ country: 'US', region: null, percent: 6.12345 }] })).toEqual(['Tax rate may have at most three decimals']);
    expect(issues({ ...valid, shipTo: [] })).toEqual(['Choose at least one country to ship to']);
  });
});
