import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { DEMO_SHOP_IDENTITY, type ShopIdentity as ShopProfile } from '@cocoa/shared-types';
import { createElement } from 'react';
import { bookingBalancePaid } from './booking-balance-paid';
import { bookingBalanceReminder } from './booking-balance-reminder';
import { bookingCancelled } from './booking-cancelled';
import { bookingConfirmed } from './booking-confirmed';
import { bookingDeclined } from './booking-declined';
import { bookingQuote } from './booking-quote';
import { bookingReceived } from './booking-received';
import { bookingRequest } from './booking-request';
import { bookingRescheduled } from './booking-rescheduled';
import { contactAck } from './contact-ack';
import { inboxReply } from './inbox-reply';
import { inquiryAck } from './inquiry-ack';
import type { MailTemplate } from './mail-template';
import { mailTest } from './mail-test';
import { newOrderAlert } from './new-order-alert';
import { orderCancelled } from './order-cancelled';
import { orderConfirmation } from './order-confirmation';
import { orderDelivered } from './order-delivered';
import { orderRefunded } from './order-refunded';
import { orderShipped } from './order-shipped';
import { passwordReset } from './password-reset';
import { pickupDelayed } from './pickup-delayed';
import { pickupReady } from './pickup-ready';
import { sampleMailData } from './sample-data';
import { shopMessage } from './shop-message';
import type { MailTemplateName, MailTemplates, RenderedMail, ShopIdentity, TemplateMail } from './types';

export type { MailTemplateName, MailTemplates, OrderMailAddress, OrderMailData, RenderedMail, ShopIdentity, TemplateMail } from './types';

/**
 * CONTRACT: the e-mail templates' names and data, and `renderMail`. Other modules
 * import only these types and `renderMail` (through MailService.queue).
 *
 * Each template is a react-email component in its own file (one shared frame, layout.tsx), with
 * its subject written beside it; HTML and text are both rendered from the same element, so the two
 * parts never say different things. User text (names, messages, reasons) is escaped by React. Money
 * is formatted by shared-types' formatCents, dates in the shop's time zone (ShopIdentity.timeZone).
 * Decisions: messages about a test-mode order carry '[TEST] ' before the subject and a notice in
 * the body; the shop's copy of a contact message keeps the form's subject ('Contact form: …').
 */

/** The PWA's 192 px app icon (pwa/public/icons), served by the site: the logo of every message. */
const LOGO_PATH = '/icons/icon-192.png';

/** Logo images mail clients show (not WebP, AVIF or SVG). */
const MAIL_LOGO_TYPES = /\.(png|jpe?g|gif)$/i;

/**
 * The shop as every message shows it: name, postal address, phone and logo from the owner's
 * identity (settings/shop-identity.service.ts; the demo shop's until set, shared with the contact
 * page and footer), the site, its zone, and `email`: the address the shop reads (CONTACT_TO), so
 * "write to …" and the owner's replies reach a mailbox someone opens.
 */
export function shopIdentity({
  siteUrl,
  timeZone,
  email,
  shop = DEMO_SHOP_IDENTITY,
}: {
  siteUrl: string;
  timeZone: string;
  email: string;
  shop?: Pick<ShopProfile, 'name' | 'addressLines' | 'phone' | 'logo'>;
}): ShopIdentity {
  const logoUrl = `${siteUrl}${shop.logo && MAIL_LOGO_TYPES.test(shop.logo) ? shop.logo : LOGO_PATH}`;
  return { name: shop.name, address: shop.addressLines, email, phone: shop.phone, siteUrl, logoUrl, timeZone };
}

/** Every template by name; the mapped type keeps each name with its own data type. */
const TEMPLATES: { [N in MailTemplateName]: MailTemplate<MailTemplates[N]> } = {
  'order-confirmation': orderConfirmation,
  'new-order-alert': newOrderAlert,
  'order-shipped': orderShipped,
  'order-delivered': orderDelivered,
  'order-cancelled': orderCancelled,
  'order-refunded': orderRefunded,
  'pickup-ready': pickupReady,
  'pickup-delayed': pickupDelayed,
  'password-reset': passwordReset,
  'contact-ack': contactAck,
  'inquiry-ack': inquiryAck,
  'shop-message': shopMessage,
  'inbox-reply': inboxReply,
  'mail-test': mailTest,
  'booking-received': bookingReceived,
  'booking-request': bookingRequest,
  'booking-quote': bookingQuote,
  'booking-declined': bookingDeclined,
  'booking-confirmed': bookingConfirmed,
  'booking-balance-reminder': bookingBalanceReminder,
  'booking-balance-paid': bookingBalancePaid,
  'booking-cancelled': bookingCancelled,
  'booking-rescheduled': bookingRescheduled,
};

/**
 * How the text part is written from the HTML: headings keep their case, the order lines become
 * aligned columns (react-email's own selectors skip images and the hidden preview line, and print
 * each link's address after its words). Compiled once: html-to-text's convert() compiles its
 * options on every call, which cost more than writing the text.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'table.mail-data', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 40 } },
  ],
});

/** The element is rendered once; the text part is written from its HTML, so the two never say different things. */
async function renderTemplate<N extends MailTemplateName>(name: N, data: MailTemplates[N], shop: ShopIdentity): Promise<RenderedMail> {
  const template: MailTemplate<MailTemplates[N]> = TEMPLATES[name];
  const html = await render(createElement(template.Email, { data, shop }));
  return { subject: template.subject(data, shop), html, text: toPlainText(html).trim() };
}

/** The message `mail` asks for: subject, HTML and text. */
export function renderMail(mail: TemplateMail, shop: ShopIdentity): Promise<RenderedMail> {
  return renderTemplate(mail.template, mail.data, shop);
}

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

/** The templates as the admin's preview lists them, in the order above. */
export function mailTemplateList(): Array<{ name: MailTemplateName; label: string }> {
  return (Object.keys(TEMPLATES) as MailTemplateName[]).map((name) => ({ name, label: TEMPLATES[name].label }));
}

/** The template rendered with its sample data (sample-data.ts), for the admin's preview. */
export function previewMail(name: MailTemplateName, shop: ShopIdentity): Promise<RenderedMail> {
  return renderTemplate(name, sampleMailData(shop)[name], shop);
}
