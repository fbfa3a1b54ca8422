/**
 * The e-mail templates' names and data (CONTRACT), apart from the templates themselves so
 * that each template and the registry in index.ts import them without importing each other.
 */
import type { BookingEventFields } from '@cocoa/shared-types';

/** The shop as every message shows it (name, logo, address, link back). */
export interface ShopIdentity {
  name: string;
  /** Postal address, one line per entry. */
  address: readonly string[];
  email: string;
  phone: string;
  /** Absolute URL of the site (PUBLIC_URL). */
  siteUrl: string;
  /** Absolute URL of the logo image (a PNG: mail clients do not show SVG). */
  logoUrl: string;
  /** IANA zone the messages print dates in (added by the templates helper). */
  timeZone: string;
}

export interface BookingMailData extends BookingEventFields {
  reference: string;
  packageName: string;
  /** The event's day, 'YYYY-MM-DD' in the shop's zone (its times are wall-clock 'HH:MM'). */
  eventDate: string;
  notes: string | null;
  /** The estimate while requested, the owner's quote once accepted. */
  quoteCents: number;
  depositCents: number;
  balanceCents: number;
  depositPaidCents: number;
  balancePaidCents: number;
  /** 'YYYY-MM-DD'; null until accepted. */
  balanceDueDate: string | null;
  /** Absolute link to the status page, with its signed token. */
  bookingUrl: string;
  /** Absolute link to the booking in the owner's admin. */
  adminUrl: string;
  /** A payment of it was taken in test mode. */
  testMode: boolean;
}

export interface OrderMailLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface OrderMailAddress {
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

/** A pickup order's stop, time and code, as its messages show them. */
export interface OrderMailPickup {
  stopName: string;
  address: string | null;
  /** ISO instant: the time to come (the slot, moved by any delay), printed in the shop's zone. */
  pickupAt: string;
  /** The code said at the cart, shown large. */
  code: string;
  /** The name called out. */
  name: string;
}

/** What every order message knows about its order. */
export interface OrderMailData {
  orderNumber: string;
  customerName: string;
  email: string;
  placedAt: string;
  items: OrderMailLine[];
  subtotalCents: number;
  /** What a discount code took off the subtotal (before tax), and the code; absent or 0 without one. */
  discountCents?: number;
  discountCode?: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  /** Null for a pickup order. */
  shippingAddress: OrderMailAddress | null;
  /** Where and when a pickup order is collected; null for a shipping order. */
  pickup: OrderMailPickup | null;
  /** The tip paid with a pickup order (part of totalCents); 0 otherwise. */
  tipCents: number;
  /** Absolute link to the order page (for a guest: with its signed token). */
  orderUrl: string;
  testMode: boolean;
}

export interface MailTemplates {
  'order-confirmation': OrderMailData;
  'new-order-alert': OrderMailData & { adminUrl: string };
  'order-shipped': OrderMailData & { carrier: string; trackingNumber: string; trackingUrl: string | null };
  'order-delivered': OrderMailData;
  'order-cancelled': OrderMailData & { reason: string | null; refundedCents: number };
  'order-refunded': OrderMailData & { refundCents: number; totalRefundedCents: number; reason: string | null };
  /** A pickup order is ready at the cart (its pickup is set). */
  'pickup-ready': OrderMailData;
  /** The owner delayed a pickup order by `delayMinutes` more; its pickupAt is the new time. */
  'pickup-delayed': OrderMailData & { delayMinutes: number };
  'password-reset': { username: string; resetUrl: string; expiresInMinutes: number };
  'contact-ack': { name: string };
  'inquiry-ack': { name: string; eventDate: string };
  /** The shop's copy of a contact message or inquiry (to CONTACT_TO, reply-to the sender). */
  'shop-message': { kind: 'contact' | 'inquiry'; name: string; email: string; subject: string; message: string; adminUrl: string };
  /** The owner's reply from the inbox. */
  'inbox-reply': { name: string; body: string; originalSubject: string; originalMessage: string };
  /** The go-live checklist's test message (to CONTACT_TO): its signed link marks outgoing mail as working. */
  'mail-test': { confirmUrl: string };
  /** Event bookings; the policy is the cancellation policy as the customer reads it. */
  'booking-received': BookingMailData & { policy: string };
  'booking-request': BookingMailData;
  'booking-quote': BookingMailData & { note: string | null; policy: string };
  'booking-declined': BookingMailData & { message: string };
  /** Sent with the calendar invitation attached (QueuedMail.attachments). */
  'booking-confirmed': BookingMailData & { recipient: 'customer' | 'shop' };
  'booking-balance-reminder': BookingMailData & { amountDueCents: number };
  /** The balance is paid: `amountPaidCents` is that payment; the booking's own fields hold the totals paid. */
  'booking-balance-paid': BookingMailData & { recipient: 'customer' | 'shop'; amountPaidCents: number };
  'booking-cancelled': BookingMailData & { recipient: 'customer' | 'shop'; cancelledBy: 'customer' | 'shop'; message: string | null; refundCents: number };
  /**
   * The owner moved the booking to another day or times: `previous` is where it was, the booking's
   * own fields where it is now. `invitation`: the updated calendar invitation is attached (a booking
   * in the calendars: confirmed or balance due).
   */
  'booking-rescheduled': BookingMailData & {
    recipient: 'customer' | 'shop';
    previous: { eventDate: string; startTime: string; endTime: string };
    note: string | null;
    invitation: boolean;
  };
}

export type MailTemplateName = keyof MailTemplates;

/** A template and its data, typed together. */
export type TemplateMail = { [N in MailTemplateName]: { template: N; data: MailTemplates[N] } }[MailTemplateName];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
