import {
  type CheckoutCompleteInput,
  fromCents,
  MONEY_SETTINGS_DEFAULTS,
  type OrderTotals,
  priceOrder,
  type Product,
  TEST_CARD_NONCE_OK,
} from '@cocoa/shared-types';
import { SHIPPING } from '../src/orders/orders.fixtures';

export interface CartLine {
  product: Pick<Product, 'id' | 'name' | 'price'>;
  quantity: number;
}

/**
 * A test-mode checkout as the PWA sends it: the amounts the buyer saw, computed with the shared
 * money rules from the catalogue's prices, and the test card that is always approved.
 */
export function checkoutRequest(lines: readonly CartLine[], idempotencyKey: string): { body: CheckoutCompleteInput; totals: OrderTotals } {
  // the shop's default rates: the resilience runs never change them
  const totals = priceOrder({
    lines: lines.map((l) => ({ price: l.product.price, quantity: l.quantity })),
    place: { country: SHIPPING.country, region: SHIPPING.state },
    settings: MONEY_SETTINGS_DEFAULTS,
  });
  return {
    totals,
    body: {
      sourceId: TEST_CARD_NONCE_OK,
      amount: fromCents(totals.total),
      shippingCost: fromCents(totals.shipping),
      taxAmount: fromCents(totals.tax),
      shippingData: { ...SHIPPING },
      customerId: null,
      cartItems: lines.map((l) => ({ id: l.product.id, name: l.product.name, price: l.product.price, quantity: l.quantity })),
      idempotencyKey,
    },
  };
}
