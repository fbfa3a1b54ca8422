import { CURRENCY, MONEY_SETTINGS_DEFAULTS, priceOrder, toCents } from '@cocoa/shared-types';
import type { BookingMailData, MailTemplateName, MailTemplates, OrderMailData, OrderMailPickup, ShopIdentity } from './types';

/** Two products of the demo catalogue; totals by the checkout's own rule (at the default rates), so the sample adds up. */
const LINES = [
  { name: 'Classic Dark Hot Cocoa', price: 14.99, quantity: 2 },
  { name: 'Iced Mocha Cocoa', price: 13.99, quantity: 1 },
];

const ORDER_ID = '3f9a2c1e-5b7d-4e2a-9c61-0d8e4f7a1b23';

/** Two drinks ordered ahead at the cart, with a tip. */
const PICKUP_LINES = [
  { name: 'Classic Dark Hot Cocoa (cup)', price: 4.5, quantity: 2 },
  { name: 'Iced Mocha Cocoa (cup)', price: 5.25, quantity: 1 },
];
const PICKUP_ORDER_ID = '8b2e4d60-1c3f-4a7b-b5d2-6e9f0a1c7d45';
const PICKUP_TIP_CENTS = 75;

/**
 * The data the admin's preview renders each template with (GET /api/mail/templates/:name/preview):
 * one made-up customer and order, links on this site. Nothing here is a real person or a working
 * token.
 */
export function sampleMailData(shop: ShopIdentity): { [N in MailTemplateName]: MailTemplates[N] } {
  const totals = priceOrder({ lines: LINES, place: { country: 'US', region: 'IL' }, settings: MONEY_SETTINGS_DEFAULTS });
  const order: OrderMailData = {
    orderNumber: ORDER_ID.slice(0, 8),
    customerName: 'Ana Díaz',
    email: 'ana.diaz@example.com',
    placedAt: '2026-03-14T15:42:00.000Z',
    items: LINES.map((l) => ({ name: l.name, quantity: l.quantity, unitPriceCents: toCents(l.price), totalCents: toCents(l.price) * l.quantity })),
    subtotalCents: totals.subtotal,
    shippingCents: totals.shipping,
    taxCents: totals.tax,
    totalCents: totals.total,
    currency: CURRENCY,
    shippingAddress: { name: 'Ana Díaz', line1: '482 Maple Street', city: 'Springfield', state: 'IL', zip: '62704', country: 'US', phone: '+12175550142' },
    pickup: null,
    tipCents: 0,
    orderUrl: `${shop.siteUrl}/orders/${ORDER_ID.slice(0, 8)}?token=sample-preview-token`,
    testMode: false,
  };
  const pickupTotal = priceOrder({
    lines: PICKUP_LINES,
    place: { country: 'US', region: 'IL' },
    pickup: true,
    settings: MONEY_SETTINGS_DEFAULTS,
    tipCents: PICKUP_TIP_CENTS,
  });
  // 5:30 PM in Chicago; the preview prints it in the shop's own zone
  const pickup: OrderMailPickup = {
    stopName: 'Farmers Market on the Square',
    address: '100 N 5th Street, Springfield, IL 62701',
    pickupAt: '2026-03-14T22:30:00.000Z',
    code: 'K7QM',
    name: 'Ana',
  };
  const pickupOrder: OrderMailData = {
    ...order,
    orderNumber: PICKUP_ORDER_ID.slice(0, 8),
    placedAt: '2026-03-14T21:05:00.000Z',
    items: PICKUP_LINES.map((l) => ({ name: l.name, quantity: l.quantity, unitPriceCents: toCents(l.price), totalCents: toCents(l.price) * l.quantity })),
    subtotalCents: pickupTotal.subtotal,
    shippingCents: pickupTotal.shipping,
    taxCents: pickupTotal.tax,
    tipCents: pickupTotal.tip,
    totalCents: pickupTotal.total,
    shippingAddress: null,
    pickup,
    orderUrl: `${shop.siteUrl}/orders/${PICKUP_ORDER_ID.slice(0, 8)}?token=sample-preview-token`,
  };
  const trackingNumber = '9400111899223197428490';
  const message =
    'Hello!\n\nCould you serve hot cocoa to about 120 guests at our wedding on May 16?\nThe reception is outdoors, in the park by the lake.\n\nThank you,\nAna';
  return {
    'order-confirmation': order,
    'new-order-alert': { ...order, adminUrl: `${shop.siteUrl}/admin?tab=orders&order=${ORDER_ID}` },
    'order-shipped': { ...order, carrier: 'USPS', trackingNumber, trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}` },
    'order-delivered': order,
    'order-cancelled': { ...order, reason: 'The Iced Mocha Cocoa sold out before we could pack your order. We are sorry!', refundedCents: order.totalCents },
    'order-refunded': { ...order, refundCents: 1399, totalRefundedCents: 1399, reason: 'One tin arrived damaged.' },
    'pickup-ready': pickupOrder,
    // the slot was 5:30 PM; the owner announced 10 minutes late
    'pickup-delayed': { ...pickupOrder, pickup: { ...pickup, pickupAt: '2026-03-14T22:40:00.000Z' }, delayMinutes: 10 },
    'password-reset': { username: 'anadiaz', resetUrl: `${shop.siteUrl}/reset-password?token=sample-preview-token`, expiresInMinutes: 60 },
    'contact-ack': { name: 'Ana Díaz' },
    'inquiry-ack': { name: 'Ana Díaz', eventDate: '2026-05-16' },
    'shop-message': {
      kind: 'contact',
      name: 'Ana Díaz',
      email: 'ana.diaz@example.com',
      subject: 'Wedding in May',
      message,
      adminUrl: `${shop.siteUrl}/admin?tab=inbox`,
    },
    'inbox-reply': {
      name: 'Ana Díaz',
      body: 'Hi Ana,\n\nYes, May 16 is free and we would love to serve your guests. For 120 guests we suggest the hot cocoa bar with two flavours.\nI will send a quote tomorrow.\n\nBest wishes,\nMaria',
      originalSubject: 'Wedding in May',
      originalMessage: message,
    },
    'mail-test': { confirmUrl: `${shop.siteUrl}/api/admin/go-live/mail-confirmed?token=sample-preview-token` },
    ...bookingSamples(shop),
  };
}

/** One made-up booking: 120 guests at the hot cocoa bar, the deposit paid. */
function bookingSamples(shop: ShopIdentity): Pick<MailTemplates, Extract<MailTemplateName, `booking-${string}`>> {
  const booking: BookingMailData = {
    reference: 'CB-7K3Q',
    packageName: 'Hot Cocoa Bar',
    eventDate: '2026-05-16',
    startTime: '18:00',
    endTime: '21:00',
    guests: 120,
    venueName: 'Lakeside Pavilion',
    venueAddress: '1200 Lake Shore Drive, Springfield, IL 62712',
    contactName: 'Ana Díaz',
    contactEmail: 'ana.diaz@example.com',
    contactPhone: '+12175550142',
    notes: 'Outdoor reception; power outlet by the pavilion.',
    quoteCents: 102000,
    depositCents: 25500,
    balanceCents: 76500,
    depositPaidCents: 25500,
    balancePaidCents: 0,
    balanceDueDate: '2026-05-02',
    bookingUrl: `${shop.siteUrl}/bookings/CB-7K3Q?token=sample-preview-token`,
    adminUrl: `${shop.siteUrl}/admin?tab=bookings&booking=1`,
    testMode: false,
  };
  const policy = 'Cancel 14 or more days before your event and we refund your deposit in full. After that the deposit is kept.';
  return {
    'booking-received': { ...booking, depositPaidCents: 0, balanceDueDate: null, policy },
    'booking-request': { ...booking, depositPaidCents: 0, balanceDueDate: null },
    'booking-quote': {
      ...booking,
      depositPaidCents: 0,
      note: 'We can set up by the lake from 5 PM. The quote includes a second server for 120 guests.',
      policy,
    },
    'booking-declined': { ...booking, depositPaidCents: 0, balanceDueDate: null, message: 'We are already booked on May 16. Would May 23 work for you?' },
    'booking-confirmed': { ...booking, recipient: 'customer' },
    'booking-balance-reminder': { ...booking, amountDueCents: booking.balanceCents },
    'booking-balance-paid': { ...booking, balancePaidCents: booking.balanceCents, recipient: 'customer', amountPaidCents: booking.balanceCents },
    'booking-cancelled': { ...booking, recipient: 'customer', cancelledBy: 'customer', message: null, refundCents: booking.depositPaidCents },
    'booking-rescheduled': {
      ...booking,
      eventDate: '2026-05-23',
      startTime: '17:00',
      endTime: '20:00',
      balanceDueDate: '2026-05-09',
      recipient: 'customer',
      previous: { eventDate: booking.eventDate, startTime: booking.startTime, endTime: booking.endTime },
      note: 'The park asked us to move the reception a week later; everything else stays as planned.',
      invitation: true,
    },
  };
}
