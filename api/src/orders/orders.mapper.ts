import {
  fromCents,
  type OrderFulfilment,
  type OrderState,
  type OrderView,
  type PickupOrder,
  pickupTimeOf,
  type ProviderOrder,
  trackingUrlFor,
} from '@cocoa/shared-types';
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

/** A stop's place as an order names it. */
export interface StopPlace {
  name: string;
  address: string | null;
}

/** Where and when a pickup order is collected, its code and state; null for a shipping order. */
export function pickupOf(order: Order, place: StopPlace | null, timeZone: string): PickupOrder | null {
  if (order.fulfilmentMethod !== 'pickup' || order.pickupStopId === null || !order.pickupSlotStart) return null;
  return {
    stopId: order.pickupStopId,
    stopName: place?.name ?? '',
    address: place?.address ?? null,
    slotStart: order.pickupSlotStart.toISOString(),
    pickupAt: pickupTimeOf(order.pickupSlotStart, order.pickupDelayMinutes).toISOString(),
    delayMinutes: order.pickupDelayMinutes,
    code: order.pickupCode ?? '',
    status: order.pickupStatus ?? 'placed',
    name: order.pickupName ?? '',
    timeZone,
  };
}

/** GET /api/orders/{id}: the site view, prices in dollars (a pickup order's place given). */
export function toOrderView(order: Order, items: OrderItem[], place: StopPlace | null, timeZone: string): OrderView {
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
    discount: fromCents(order.discountCents),
    discountCode: order.discountCode,
    shipping: fromCents(order.shippingCents),
    tax: fromCents(order.taxCents),
    total: fromCents(order.totalCents),
    shippingName: order.fulfilmentMethod === 'pickup' ? '' : `${order.shippingFirstName ?? ''} ${order.shippingLastName ?? ''}`,
    shippingAddress: order.shippingAddress ?? '',
    shippingCity: order.shippingCity ?? '',
    shippingState: order.shippingState ?? '',
    shippingZip: order.shippingZip ?? '',
    shippingCountry: order.shippingCountry ?? '',
    fulfilment: fulfilmentOf(order),
    refunded: fromCents(order.refundedCents),
    fulfilmentMethod: order.fulfilmentMethod,
    pickup: pickupOf(order, place, timeZone),
    tip: fromCents(order.tipCents),
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
            displayName: order.pickupName ?? `${order.shippingFirstName ?? ''} ${order.shippingLastName ?? ''}`,
            emailAddress: order.email,
            phoneNumber: order.shippingPhone ?? order.pickupPhone ?? '',
            address: {
              addressLine1: order.shippingAddress ?? '',
              locality: order.shippingCity ?? '',
              administrativeDistrictLevel1: order.shippingState ?? '',
              postalCode: order.shippingZip ?? '',
              country: order.shippingCountry ?? '',
            },
          },
        },
      },
    ],
    fulfilment: fulfilmentOf(order),
  };
}
