/**
 * CONTRACT (lead, issue 13): the e-mail templates' names and data. The templates helper replaces
 * the placeholder `renderMail` below with react-email templates (HTML + text from one template).
 * Other modules import only these types and `renderMail` (through MailService.queue).
 */

/** The shop as every message shows it (name, logo, address, link back). */
export interface ShopIdentity {
  name: string;
  /** Postal address, one line per entry. */
  address: readonly string[];
  email: string;
  phone: string;
  /** Absolute URL of the site (PUBLIC_URL). */
  siteUrl: string;
  /** Absolute URL of the logo image. */
  logoUrl: string;
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

/** What every order message knows about its order. */
export interface OrderMailData {
  orderNumber: string;
  customerName: string;
  email: string;
  placedAt: string;
  items: OrderMailLine[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  shippingAddress: OrderMailAddress;
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
  'password-reset': { username: string; resetUrl: string; expiresInMinutes: number };
  'contact-ack': { name: string; subject: string; message: string };
  'inquiry-ack': { name: string; eventDate: string; message: string };
  /** The shop's copy of a contact message or inquiry (to CONTACT_TO, reply-to the sender). */
  'shop-message': { kind: 'contact' | 'inquiry'; name: string; email: string; subject: string; message: string; adminUrl: string };
  /** The owner's reply from the inbox. */
  'inbox-reply': { name: string; body: string; originalSubject: string; originalMessage: string };
}

export type MailTemplateName = keyof MailTemplates;

/** A template and its data, typed together. */
export type TemplateMail = { [N in MailTemplateName]: { template: N; data: MailTemplates[N] } }[MailTemplateName];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** PLACEHOLDER until the templates land: a plain-text dump. */
export async function renderMail(mail: TemplateMail, shop: ShopIdentity): Promise<RenderedMail> {
  const text = `${shop.name}\n\n${JSON.stringify(mail.data, null, 2)}`;
  return { subject: `${shop.name}: ${mail.template}`, html: `<pre>${text.replace(/[<>&]/g, '')}</pre>`, text };
}
