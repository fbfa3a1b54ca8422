import type { CartLine, ShippingData } from '@cocoa/shared-types';
import { fill, fillIn } from '../../../test/form';

/** What the payment step's specs share: the calls it makes, the test-mode card form's answer, a cart and an address. */
export const CONFIG = 'GET /api/square/web-payments/config';
export const COMPLETE = 'POST /api/square/checkout/complete';
export const testConfig = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };

// subtotal 40.48, shipping 5.99, tax 2.83 (7 % of 40.48 = 2.8336), total 49.30
export const lines: CartLine[] = [
  { id: 1, name: 'Classic Hot Cocoa', price: 12.99, slug: 'classic-hot-cocoa', quantity: 2 },
  { id: 2, name: 'Peppermint Cocoa', price: 14.5, slug: 'peppermint-cocoa', quantity: 1 },
];
export const shipping: ShippingData = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '5551234567',
  address: '12 Cocoa Lane',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
};

export { fill };

/** The test-mode card form filled in with a card number and a valid holder, expiry and CVC. */
export const fillCard = (number: string) => fillIn({ 'Card holder': 'Jane Doe', 'Card number': number, 'Expiry (MM/YY)': '1230', CVC: '123' });
