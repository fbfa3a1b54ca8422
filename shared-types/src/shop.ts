/**
 * The shop as people reach it, written once: the contact page, the footer and every e-mail
 * (the API's MailService.shop()) show these values; e-mails print the mailbox the shop reads
 * (CONTACT_TO) instead of `email`, so replies reach it. The phone is kept as people read it and as
 * the `tel:` link dials it (E.164).
 */
export const SHOP_CONTACT = {
  name: 'Cocoa Shop',
  /** Postal address, one line per entry. */
  address: ['Cocoa Shop Kitchen', '1200 Cocoa Lane', 'Springfield, IL 62701'],
  email: 'hello@cocoashop.example',
  phone: '(555) 555-0123',
  phoneUri: 'tel:+15555550123',
} as const;
