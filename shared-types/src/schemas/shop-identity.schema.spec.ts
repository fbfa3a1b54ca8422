import { shopAddressLines, shopIdentityInputSchema, shopPhoneDisplay } from './shop-identity.schema';

const BLANK = { name: '', logo: '', street: '', city: '', region: '', postcode: '', country: 'US', phone: '', email: '', hours: '', socialLinks: [] };

describe('the shop identity schema', () => {
  it('keeps the phone in E.164, read in the address’s country, and drops blank social lines', () => {
    expect(shopIdentityInputSchema.parse({ ...BLANK, phone: '(309) 231-4477 x12', socialLinks: ['https://instagram.com/a', ''] })).toMatchObject({
      phone: '+13092314477 ext. 12',
      socialLinks: ['https://instagram.com/a'],
    });
    expect(shopIdentityInputSchema.parse({ ...BLANK, country: 'GB', phone: '020 7946 0018' }).phone).toBe('+442079460018');
  });

  it('accepts every field empty (the demo shop’s values show)', () => {
    expect(shopIdentityInputSchema.parse(BLANK)).toEqual(BLANK);
  });

  it.each([
    [{ phone: '12' }, ['phone']],
    [{ email: 'not-an-address' }, ['email']],
    [{ socialLinks: ['http://instagram.com/a'] }, ['socialLinks', 0]],
    [{ socialLinks: ['javascript:alert(1)'] }, ['socialLinks', 0]],
    [{ logo: '/uploads/products/../secret.png' }, ['logo']],
  ])('refuses %j on its field', (change, path) => {
    const parsed = shopIdentityInputSchema.safeParse({ ...BLANK, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(path);
  });

  it('prints the address as a letter does, with the country when it is not the shop’s default', () => {
    expect(shopAddressLines({ street: '42 Mill Road', city: 'Peoria', region: 'IL', postcode: '61602', country: 'US' })).toEqual([
      '42 Mill Road',
      'Peoria, IL 61602',
    ]);
    expect(shopAddressLines({ street: '1 High St', city: 'London', region: '', postcode: 'SW1A 1AA', country: 'GB' })).toEqual([
      '1 High St',
      'London, SW1A 1AA',
      'United Kingdom',
    ]);
  });

  it('shows a phone nationally at home and internationally abroad, dialling its E.164 form', () => {
    expect(shopPhoneDisplay('+13092314477', 'US')).toEqual({ phone: '(309) 231-4477', phoneUri: 'tel:+13092314477' });
    expect(shopPhoneDisplay('+442079460018', 'US')).toEqual({ phone: '+44 20 7946 0018', phoneUri: 'tel:+442079460018' });
    expect(shopPhoneDisplay('+13092314477 ext. 12', 'US')).toEqual({ phone: '(309) 231-4477 ext. 12', phoneUri: 'tel:+13092314477;ext=12' });
  });
});
