import { fromCents, type OrderFulfilment, type OrderState, type OrderView, type ProviderOrder, trackingUrlFor } from '@cocoa/shared-types';
import type { OrderItem } from './order-item.entity';
import type { Order } from './order.entity';

const state = (order: Order): OrderState => (order.status === 'PENDING' ? 'OPEN' : order.status);

/** Where the parcel is, as the customer's views show it (ours, beside the provider-shaped state). */
export function fulfilmentOf(order: Order): OrderFulfilment {
  return {
    status: order.fulfilmentStatus,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrlFor(order.carrier, order.trackingNumber, order.trackingUrl),
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
  };
}

/** GET /api/orders/{id}: the site view, prices in dollars. */
export function toOrderView(order: Order, items: OrderItem[]): OrderView {
  return {
    id: order.id,
    status: state(order),
    testMode: order.testMode,
    paymentId: order.paymentId,
    createdAt: order.createdAt.toISOString(),
    email: order.email,
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      price: fromCents(item.unitPriceCents),
      total: fromCents(item.totalCents),
    })),
    subtotal: fromCents(order.subtotalCents),
    shipping: fromCents(order.shippingCents),
    tax: fromCents(order.taxCents),
    total: fromCents(order.totalCents),
    shippingName: `${order.shippingFirstName} ${order.shippingLastName}`,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingState: order.shippingState,
    shippingZip: order.shippingZip,
    shippingCountry: order.shippingCountry,
    fulfilment: fulfilmentOf(order),
    refunded: fromCents(order.refundedCents),
  };
}

/** GET /api/me/orders: Square's order shape with amounts in cents (the provider view). */
export function toProviderOrder(order: Order, items: OrderItem[]): ProviderOrder {
  const money = (amount: number) => ({ amount, currency: order.currency });
  return {
    id: order.id,
    state: state(order),
    testMode: order.testMode,
    createdAt: order.createdAt.toISOString(),
    totalMoney: money(order.totalCents),
    totalTaxMoney: money(order.taxCents),
    totalServiceChargeMoney: money(order.shippingCents),
    lineItems: items.map((item) => ({
      name: item.name,
      quantity: String(item.quantity),
      basePriceMoney: money(item.unitPriceCents),
      totalMoney: money(item.totalCents),
    })),
    fulfillments: [
      {
        type: 'SHIPMENT',
        state: order.status === 'CANCELED' ? 'CANCELED' : 'PROPOSED',
        shipmentDetails: {
          recipient: {
            displayName: `${order.shippingFirstName} ${order.shippingLastName}`,
            emailAddress: order.email,
            phoneNumber: order.shippingPhone,
            address: {
              addressLine1: order.shippingAddress,
              locality: order.shippingCity,
              administrativeDistrictLevel1: order.shippingState,
              postalCode: order.shippingZip,
              country: order.shippingCountry,
            },
          },
        },
      },
    ],
    fulfilment: fulfilmentOf(order),
  };
}
