import { SHOP_CONTACT } from './shop';

describe('SHOP_CONTACT', () => {
  it('dials the number it shows', () => {
    expect(SHOP_CONTACT.phoneUri).toBe(`tel:+1${SHOP_CONTACT.phone.replace(/\D/g, '')}`);
  });
});
