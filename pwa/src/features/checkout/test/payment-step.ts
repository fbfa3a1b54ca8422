import { fireEvent, screen } from '@testing-library/react';
import type { CartLine, ShippingData } from '@cocoa/shared-types';

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

export const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The test-mode card form filled in with a card number and a valid holder, expiry and CVC. */
export function fillCard(number: string) {
  fill('Card holder', 'Jane Doe');
  fill('Card number', number);
  fill('Expiry (MM/YY)', '1230');
  fill('CVC', '123');
}
