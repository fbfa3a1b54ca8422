import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCents, SHOP_CONTACT } from '@cocoa/shared-types';
import {
  isMailTemplateName,
  mailTemplateList,
  type MailTemplateName,
  type MailTemplates,
  type OrderMailAddress,
  type OrderMailData,
  previewMail,
  renderMail,
  type RenderedMail,
  shopIdentity,
  type TemplateMail,
} from './index';
import { flat, tags } from '../../test/mail-parts';

const NAUGHTY: string[] = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'naughty-strings.json'), 'utf8')).strings;

const SHOP = shopIdentity({ siteUrl: 'https://cocoa.example', timeZone: 'America/Chicago', email: 'hello@cocoa.example' });

const ADDRESS: OrderMailAddress = {
  name: 'Jean-Luc Tremblay',
  line1: '2701 Riverside Drive',
  city: 'Ottawa',
  state: 'ON',
  zip: 'K1A 0B1',
  country: 'CA',
  phone: '+14165550142',
};

/** An order unlike the preview's sample: three lines, a four-digit total, a Canadian address. */
const ORDER: OrderMailData = {
  orderNumber: '7c41e0b9',
  customerName: 'Jean-Luc Tremblay',
  email: 'jl.tremblay@example.com',
  // 03:30 UTC on the 15th is still the 14th in Chicago (22:30 CDT)
  placedAt: '2026-03-15T03:30:00.000Z',
  items: [
    { name: 'Peppermint Bark Hot Cocoa', quantity: 3, unitPriceCents: 1649, totalCents: 4947 },
    { name: 'Coconut Iced Cocoa', quantity: 1, unitPriceCents: 1449, totalCents: 1449 },
    { name: 'Hot Cocoa Bar (event, 120 guests)', quantity: 1, unitPriceCents: 115000, totalCents: 115000 },
  ],
  subtotalCents: 121396,
  shippingCents: 599,
  taxCents: 8498,
  totalCents: 130493,
  currency: 'USD',
  shippingAddress: ADDRESS,
  pickup: null,
  tipCents: 0,
  orderUrl: 'https://cocoa.example/orders/7c41e0b9?token=abc.def',
  testMode: false,
};

/** A pickup order at a stop: no address, no shipping, a tip; its time 19:15 CDT on the 14th, already the 15th in UTC. */
const PICKUP: OrderMailData & { pickup: NonNullable<OrderMailData['pickup']> } = {
  orderNumber: '5d20a7f3',
  customerName: 'Aroha Ngata',
  email: 'aroha@example.com',
  placedAt: '2026-03-14T23:02:00.000Z',
  items: [
    { name: 'Peppermint Bark Hot Cocoa (cup)', quantity: 2, unitPriceCents: 475, totalCents: 950 },
    { name: 'Coconut Iced Cocoa (cup)', quantity: 1, unitPriceCents: 525, totalCents: 525 },
  ],
  subtotalCents: 1475,
  shippingCents: 0,
  taxCents: 122,
  tipCents: 150,
  totalCents: 1747,
  currency: 'USD',
  shippingAddress: null,
  pickup: {
    stopName: 'Riverside Farmers Market',
    address: '410 Riverside Drive, Springfield, IL 62701',
    pickupAt: '2026-03-15T00:15:00.000Z',
    code: 'H4XR',
    name: 'Aroha',
  },
  orderUrl: 'https://cocoa.example/orders/5d20a7f3?token=ghi.jkl',
  testMode: false,
};
const PICKUP_TIME = 'Saturday, March 14, 2026 at 7:15 PM';

const render = (mail: TemplateMail, shop = SHOP) => renderMail(mail, shop);

/** What every order message must carry: its number, each line, the totals, and the address. */
function expectOrder(r: RenderedMail, order: OrderMailData) {
  for (const part of [r.html, flat(r.text)]) {
    expect(part).toContain(order.orderNumber);
    for (const line of order.items) {
      expect(part).toContain(line.name);
      expect(part).toContain(formatCents(line.unitPriceCents));
      expect(part).toContain(formatCents(line.totalCents));
    }
    for (const cents of [order.subtotalCents, order.shippingCents, order.taxCents, order.totalCents]) expect(part).toContain(formatCents(cents));
  }
  expect(formatCents(order.totalCents)).toBe('$1,304.93');
  expect(flat(r.text)).toMatch(/Peppermint Bark Hot Cocoa 3 \$16\.49 \$49\.47/);
  expect(flat(r.text)).toMatch(/Total \$1,304\.93/);
}

/** A pickup order's message: the lines, subtotal, tax, tip and total; no Shipping row (nothing ships). */
function expectPickupOrder(r: RenderedMail, order: OrderMailData) {
  for (const part of [r.html, flat(r.text)]) {
    expect(part).toContain(order.orderNumber);
    for (const line of order.items) {
      expect(part).toContain(line.name);
      expect(part).toContain(formatCents(line.totalCents));
    }
  }
  expect(flat(r.text)).toMatch(/Peppermint Bark Hot Cocoa \(cup\) 2 \$4\.75 \$9\.50/);
  expect(flat(r.text)).toContain('Subtotal $14.75 Tax $1.22 Tip $1.50 Total $17.47');
  expect(r.text).not.toMatch(/^\s*Shipping\b/m);
}

/** The pickup's code (large in the HTML, one line in the text), stop, address, time in the shop's zone, name; no shipping address. */
function expectPickup(r: RenderedMail, time = PICKUP_TIME, codeLine = 'Your pickup code: H4XR') {
  expect(r.html).toMatch(/font-size:32px[^"]*">H4XR<\/span>/);
  expect(r.text).toContain(codeLine);
  for (const line of ['Stop: Riverside Farmers Market', 'Address: 410 Riverside Drive, Springfield, IL 62701', `Time: ${time}`, 'Name: Aroha']) {
    expect(r.text).toContain(line);
  }
  expect(r.html).toContain('Riverside Farmers Market');
  expect(r.html).toContain(time);
  expect(r.text).not.toMatch(/Shipping to|Ship to|Delivered to/);
}

function expectAddress(r: RenderedMail) {
  for (const part of [r.html, r.text]) {
    expect(part).toContain('2701 Riverside Drive');
    expect(part).toContain('Ottawa, ON K1A 0B1');
    expect(part).toContain('Canada');
  }
}

/** A link in both parts: an anchor in the HTML, the address after its words in the text. */
function expectLink(r: RenderedMail, url: string) {
  expect(r.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
  expect(r.text).toContain(url);
}

describe('e-mail templates', () => {
  it('lists every template of the contract once, each with a label', () => {
    const list = mailTemplateList();
    const names: MailTemplateName[] = [
      'order-confirmation',
      'new-order-alert',
      'order-shipped',
      'order-delivered',
      'order-cancelled',
      'order-refunded',
      'pickup-ready',
      'pickup-delayed',
      'password-reset',
      'contact-ack',
      'inquiry-ack',
      'shop-message',
      'inbox-reply',
      'mail-test',
      'booking-received',
      'booking-request',
      'booking-quote',
      'booking-declined',
      'booking-confirmed',
      'booking-balance-reminder',
      'booking-balance-paid',
      'booking-cancelled',
      'booking-rescheduled',
    ];
    expect(list.map((t) => t.name).sort()).toEqual([...names].sort());
    for (const t of list) expect(t.label.length).toBeGreaterThan(5);
    expect(isMailTemplateName('constructor')).toBe(false);
    expect(isMailTemplateName('__proto__')).toBe(false);
  });

  it.each(mailTemplateList().map((t) => t.name))(
    '%s: frames its sample in the shop (name, logo, address, contact, link back) in HTML and text',
    async (name) => {
      const r = await previewMail(name, SHOP);
      expect(r.subject.trim()).not.toBe('');
      expect(r.subject).not.toMatch(/[\r\n]/);
      expect(r.html).toMatch(/^<!DOCTYPE html/);
      expect(r.html).toMatch(/<html[^>]* lang="en"/);
      expect(r.html).toContain(`<title>${r.subject.replace(/&/g, '&amp;')}</title>`);
      // the logo, with the shop's name as its alt text
      expect(tags(r.html).filter((t) => t.startsWith('<img'))).toEqual([expect.stringContaining(`alt="${SHOP_CONTACT.name}"`)]);
      expect(r.html).toContain(`src="https://cocoa.example/icons/icon-192.png"`);
      // layout tables are presentation; only the order lines are a data table
      for (const table of tags(r.html).filter((t) => t.startsWith('<table'))) expect(table).toMatch(/role="presentation"|class="mail-data"/);
      for (const part of [r.html, r.text]) {
        expect(part).toContain(SHOP_CONTACT.name);
        for (const line of SHOP_CONTACT.address) expect(part).toContain(line);
        expect(part).toContain('hello@cocoa.example');
        expect(part).toContain(SHOP_CONTACT.phone);
      }
      expectLink(r, 'https://cocoa.example');
      expect(r.text).toContain('Visit cocoa.example');
      // the text part is text: no markup, no hidden preview filler
      expect(r.text).not.toMatch(/<\/?[a-z]+[ >]/);
      expect(r.text).not.toMatch(/[\u200b-\u200f\ufeff]/);
    },
  );

  it('order confirmation: number, each line, totals formatted, address, the order link, the day in the shop zone', async () => {
    const r = await render({ template: 'order-confirmation', data: ORDER });
    expect(r.subject).toBe('Your Cocoa Shop order 7c41e0b9 is confirmed');
    expectOrder(r, ORDER);
    expectAddress(r);
    expectLink(r, ORDER.orderUrl);
    expect(r.text).toContain('Thank you for your order, Jean-Luc Tremblay!');
    expect(r.text).toContain('placed on March 14, 2026');
    // the same instant read in another shop zone is the next day
    const utc = await render({ template: 'order-confirmation', data: ORDER }, shopIdentity({ ...SHOP, timeZone: 'UTC' }));
    expect(utc.text).toContain('placed on March 15, 2026');
  });

  it('marks a test-mode order in the subject and the body', async () => {
    const r = await render({ template: 'order-confirmation', data: { ...ORDER, testMode: true } });
    expect(r.subject).toBe('[TEST] Your Cocoa Shop order 7c41e0b9 is confirmed');
    expect(r.text).toContain('TEST ORDER: placed in test mode. No payment was taken');
    const alert = await render({ template: 'new-order-alert', data: { ...ORDER, testMode: true, adminUrl: 'https://cocoa.example/admin' } });
    expect(alert.subject).toMatch(/^\[TEST\] New order/);
  });

  it('new-order alert to the shop: who paid what, the lines, where to ship, a link into the admin', async () => {
    const adminUrl = 'https://cocoa.example/admin?tab=orders&order=7c41e0b9-0000';
    const r = await render({ template: 'new-order-alert', data: { ...ORDER, adminUrl } });
    expect(r.subject).toBe('New order 7c41e0b9: $1,304.93 from Jean-Luc Tremblay');
    expectOrder(r, ORDER);
    expectAddress(r);
    expectLink(r, adminUrl);
    expect(r.html).toContain('href="mailto:jl.tremblay@example.com"');
    expect(r.text).toContain('Jean-Luc Tremblay (jl.tremblay@example.com) paid $1,304.93 on March 14, 2026');
  });

  it('shipped: carrier, tracking number and tracking link; without a link, says where to track', async () => {
    const trackingUrl = 'https://www.canadapost-postescanada.ca/track-reperage/en#/details/7023210039414604';
    const r = await render({ template: 'order-shipped', data: { ...ORDER, carrier: 'Canada Post', trackingNumber: '7023210039414604', trackingUrl } });
    expect(r.subject).toBe('Your Cocoa Shop order 7c41e0b9 has shipped');
    for (const part of [r.html, r.text]) {
      expect(part).toContain('Canada Post');
      expect(part).toContain('7023210039414604');
    }
    expectLink(r, trackingUrl);
    expect(r.text).toContain(`Track your package ${trackingUrl}`);
    expectOrder(r, ORDER);
    expectAddress(r);
    expectLink(r, ORDER.orderUrl);

    const noLink = await render({ template: 'order-shipped', data: { ...ORDER, carrier: 'Local courier', trackingNumber: 'LC-99812', trackingUrl: null } });
    expect(noLink.text).toContain('Tracking number: LC-99812');
    expect(noLink.text).toContain("with this tracking number on Local courier's website");
    expect(noLink.text).not.toContain('Track your package');
  });

  it('delivered: says so, where, and how to reach the shop', async () => {
    const r = await render({ template: 'order-delivered', data: ORDER });
    expect(r.subject).toBe('Your Cocoa Shop order 7c41e0b9 was delivered');
    expect(r.text).toContain('Order 7c41e0b9 was delivered');
    expect(r.text).toContain('within 14 days');
    expectOrder(r, ORDER);
    expectAddress(r);
    expectLink(r, ORDER.orderUrl);
  });

  it('cancelled: the reason and the refund when there was one, nothing about money when not', async () => {
    const r = await render({ template: 'order-cancelled', data: { ...ORDER, reason: 'Out of Coconut Iced Cocoa.\nSorry!', refundedCents: 130493 } });
    expect(r.subject).toBe('Your Cocoa Shop order 7c41e0b9 has been cancelled');
    expect(r.text).toContain('Out of Coconut Iced Cocoa.\nSorry!');
    expect(r.html).toContain('Out of Coconut Iced Cocoa.<br/>Sorry!');
    expect(flat(r.text)).toContain('We have refunded $1,304.93 to the card you paid with');
    expectOrder(r, ORDER);
    expectLink(r, ORDER.orderUrl);

    const unpaid = await render({ template: 'order-cancelled', data: { ...ORDER, reason: null, refundedCents: 0 } });
    expect(unpaid.text).not.toContain('refunded');
    expect(unpaid.text).not.toContain('Reason');
  });

  it('refunded: this refund, and the running total after an earlier one', async () => {
    const first = await render({ template: 'order-refunded', data: { ...ORDER, refundCents: 1449, totalRefundedCents: 1449, reason: 'Arrived melted' } });
    expect(first.subject).toBe('Refund of $14.49 for your Cocoa Shop order 7c41e0b9');
    expect(first.text).toContain('we have refunded $14.49 of order 7c41e0b9');
    expect(first.text).toContain('Arrived melted');
    expect(first.text).not.toContain('In all,');
    expectOrder(first, ORDER);

    const second = await render({ template: 'order-refunded', data: { ...ORDER, refundCents: 4947, totalRefundedCents: 6396, reason: null } });
    expect(flat(second.text)).toContain('In all, $63.96 of the $1,304.93 you paid has been refunded.');
  });

  it('order confirmation of a pickup order: the code large, stop, address, time in the shop zone; no address, no shipping; told when ready', async () => {
    const r = await render({ template: 'order-confirmation', data: PICKUP });
    expect(r.subject).toBe('Your Cocoa Shop order 5d20a7f3 is confirmed');
    expectPickupOrder(r, PICKUP);
    expectPickup(r);
    expectLink(r, PICKUP.orderUrl);
    expect(r.text).toContain('Thank you for your order, Aroha Ngata!');
    expect(flat(r.text)).toContain('placed on March 14, 2026. We will tell you when it is ready.');
    expect(r.html).toContain('We will tell you when it is ready.'); // the preview line too
    expect(r.html).not.toMatch(/ships|shipped/);
    expect(r.text).not.toMatch(/ships|shipped/);
    // the same instant read in UTC is past midnight
    const utc = await render({ template: 'order-confirmation', data: PICKUP }, shopIdentity({ ...SHOP, timeZone: 'UTC' }));
    expectPickup(utc, 'Sunday, March 15, 2026 at 12:15 AM');
    // a stop without an address: no Address line
    const noAddress = await render({ template: 'order-confirmation', data: { ...PICKUP, pickup: { ...PICKUP.pickup, address: null } } });
    expect(noAddress.text).toContain('Stop: Riverside Farmers Market');
    expect(noAddress.text).not.toContain('Address:');
  });

  it('shows a Tip row only when there is a tip', async () => {
    const tipped = await render({ template: 'order-confirmation', data: PICKUP });
    expect(tipped.html).toMatch(/>Tip<\/th>/);
    expect(flat(tipped.text)).toContain('Tip $1.50');
    const untipped = await render({ template: 'order-confirmation', data: { ...PICKUP, tipCents: 0, totalCents: 1597 } });
    expect(untipped.html).not.toMatch(/>Tip<\/th>/);
    expect(untipped.text).not.toMatch(/\bTip\b/);
    expect(flat(untipped.text)).toContain('Subtotal $14.75 Tax $1.22 Total $15.97');
    const shipping = await render({ template: 'order-confirmation', data: ORDER });
    expect(shipping.text).not.toMatch(/\bTip\b/);
  });

  it('new-order alert of a pickup order: the code, stop, time and name instead of an address', async () => {
    const r = await render({ template: 'new-order-alert', data: { ...PICKUP, adminUrl: 'https://cocoa.example/admin?tab=orders' } });
    expect(r.subject).toBe('New order 5d20a7f3: $17.47 from Aroha Ngata');
    expectPickupOrder(r, PICKUP);
    expectPickup(r, PICKUP_TIME, 'Pickup code: H4XR');
    expect(r.text).not.toContain('Your pickup code');
    expect(r.html).toContain('3 items for Aroha at 7:15 PM, Riverside Farmers Market'); // the preview line
    expect(r.text).toContain('Aroha Ngata (aroha@example.com) paid $17.47 on March 14, 2026');
  });

  it('pickup ready: subject, the name, the code large, stop and address, the order link, the lines', async () => {
    const r = await render({ template: 'pickup-ready', data: PICKUP });
    expect(r.subject).toBe('Your Cocoa Shop order 5d20a7f3 is ready');
    expect(r.html).toContain(`<title>${r.subject}</title>`);
    expect(r.text).toContain('Your order is ready, Aroha!');
    expect(flat(r.text)).toContain('Order 5d20a7f3 is ready for you at Riverside Farmers Market.');
    expectPickup(r);
    expectPickupOrder(r, PICKUP);
    expectLink(r, PICKUP.orderUrl);
    expect(r.text).toContain(`View your order ${PICKUP.orderUrl}`);
    const utc = await render({ template: 'pickup-ready', data: PICKUP }, shopIdentity({ ...SHOP, timeZone: 'UTC' }));
    expectPickup(utc, 'Sunday, March 15, 2026 at 12:15 AM');
    const test = await render({ template: 'pickup-ready', data: { ...PICKUP, testMode: true } });
    expect(test.subject).toBe('[TEST] Your Cocoa Shop order 5d20a7f3 is ready');
    expect(test.text).toContain('TEST ORDER: placed in test mode. No payment was taken and nothing will be made.');
  });

  it('pickup delayed: how late, the new time in the shop zone, an apology, the code and the order link', async () => {
    const r = await render({ template: 'pickup-delayed', data: { ...PICKUP, delayMinutes: 10 } });
    expect(r.subject).toBe('Your Cocoa Shop order 5d20a7f3 will be ready a little later');
    expect(flat(r.text)).toContain(
      'Hello Aroha, we are running 10 minutes late at Riverside Farmers Market. Order 5d20a7f3 will now be ready at 7:15 PM on Saturday, March 14, 2026.',
    );
    expect(r.text).toContain('We are sorry');
    expect(r.html).toContain('Now ready at 7:15 PM.'); // the preview line
    expectPickup(r);
    expectLink(r, PICKUP.orderUrl);
    expect(r.text).toContain(`View your order ${PICKUP.orderUrl}`);
    const utc = await render({ template: 'pickup-delayed', data: { ...PICKUP, delayMinutes: 10 } }, shopIdentity({ ...SHOP, timeZone: 'UTC' }));
    expect(flat(utc.text)).toContain('will now be ready at 12:15 AM on Sunday, March 15, 2026.');
    const one = await render({ template: 'pickup-delayed', data: { ...PICKUP, delayMinutes: 1 } });
    expect(flat(one.text)).toContain('running 1 minute late');
  });

  it('password reset: the link (in both parts), how long it lasts, whose account', async () => {
    const resetUrl = 'https://cocoa.example/reset-password?token=Zm9vYmFyYmF6cXV4_-0123456789abcdef';
    const r = await render({ template: 'password-reset', data: { username: 'jl.tremblay', resetUrl, expiresInMinutes: 60 } });
    expect(r.subject).toBe('Reset your Cocoa Shop password');
    expectLink(r, resetUrl);
    expect(r.text).toContain(`Choose a new password ${resetUrl}`);
    expect(r.text.split(resetUrl)).toHaveLength(2); // printed once in the text part
    expect(r.text).toContain('expires in 60 minutes');
    expect(r.text).toContain('“jl.tremblay”');
    expect(r.text).toContain('ignore this e-mail: your password stays the same');
  });

  it('contact acknowledgement: thanks the sender by name and echoes nothing else they typed (the form cannot mail a stranger text of its choosing)', async () => {
    const r = await render({ template: 'contact-ack', data: { name: 'Aroha Ngata' } });
    expect(r.subject).toBe('We received your message');
    expect(r.text).toContain('Thank you for your message, Aroha Ngata');
    expect(r.text).not.toContain('Your message');
  });

  it('inquiry acknowledgement: the event day as people read it; a day it cannot read is shown as given', async () => {
    const r = await render({ template: 'inquiry-ack', data: { name: 'Aroha Ngata', eventDate: '2026-11-01' } });
    expect(r.subject).toBe('We received your event inquiry for November 1, 2026');
    expect(r.text).toContain('an event on November 1, 2026');
    expect(r.text).not.toContain('Your message');
    // the same day in a zone far east of UTC is still that day
    const auckland = await render(
      { template: 'inquiry-ack', data: { name: 'A', eventDate: '2026-11-01' } },
      shopIdentity({ ...SHOP, timeZone: 'Pacific/Auckland' }),
    );
    expect(auckland.subject).toContain('November 1, 2026');
    const odd = await render({ template: 'inquiry-ack', data: { name: 'A', eventDate: 'next spring' } });
    expect(odd.subject).toBe('We received your event inquiry for next spring');
  });

  it("shop's copy of a message: the form's subject, the sender to reply to, the inbox link", async () => {
    const data: MailTemplates['shop-message'] = {
      kind: 'contact',
      name: 'Ana Díaz',
      email: 'ana@example.com',
      subject: 'Wedding in May',
      message: 'Can you serve 120 guests?',
      adminUrl: 'https://cocoa.example/admin?tab=inbox',
    };
    const r = await render({ template: 'shop-message', data });
    expect(r.subject).toBe('Contact form: Wedding in May');
    expect(r.text).toContain('From Ana Díaz (ana@example.com)');
    expect(r.text).toContain('> Can you serve 120 guests?');
    expectLink(r, data.adminUrl);
    const inquiry = await render({ template: 'shop-message', data: { ...data, kind: 'inquiry', subject: 'Wedding on 2026-05-16 (120 guests)' } });
    expect(inquiry.subject).toBe('Event inquiry: Wedding on 2026-05-16 (120 guests)');
  });

  it("inbox reply: the owner's words, then the sender's message quoted; 'Re:' once", async () => {
    const r = await render({
      template: 'inbox-reply',
      data: { name: 'Ana', body: 'Hi Ana,\n\nYes, we can.\nMaria', originalSubject: 'Wedding in May', originalMessage: 'Can you serve 120 guests?' },
    });
    expect(r.subject).toBe('Re: Wedding in May');
    expect(r.text).toMatch(/^Hi Ana,\n\nYes, we can\.\nMaria\n/);
    expect(r.text).toContain('> Can you serve 120 guests?');
    const again = await render({ template: 'inbox-reply', data: { name: 'Ana', body: 'Sure.', originalSubject: 'RE: Wedding in May', originalMessage: '…' } });
    expect(again.subject).toBe('RE: Wedding in May');
  });

  describe('text people typed never becomes markup (Big List of Naughty Strings)', () => {
    /** Every place a customer's or sender's words reach a message. */
    const mailsWith = (s: string): TemplateMail[] => [
      {
        template: 'order-confirmation',
        data: { ...ORDER, customerName: s, items: [{ ...ORDER.items[0], name: s }], shippingAddress: { ...ADDRESS, name: s, line1: s, city: s } },
      },
      { template: 'order-confirmation', data: { ...PICKUP, pickup: { ...PICKUP.pickup, stopName: s, address: s, name: s } } },
      { template: 'new-order-alert', data: { ...PICKUP, pickup: { ...PICKUP.pickup, name: s, stopName: s }, adminUrl: 'https://cocoa.example/admin' } },
      { template: 'pickup-ready', data: { ...PICKUP, pickup: { ...PICKUP.pickup, stopName: s, address: s, name: s } } },
      { template: 'pickup-delayed', data: { ...PICKUP, pickup: { ...PICKUP.pickup, stopName: s, address: s, name: s }, delayMinutes: 10 } },
      { template: 'new-order-alert', data: { ...ORDER, customerName: s, adminUrl: 'https://cocoa.example/admin' } },
      { template: 'order-shipped', data: { ...ORDER, carrier: s, trackingNumber: s, trackingUrl: null } },
      { template: 'order-cancelled', data: { ...ORDER, reason: s, refundedCents: 0 } },
      { template: 'order-refunded', data: { ...ORDER, reason: s, refundCents: 100, totalRefundedCents: 100 } },
      { template: 'password-reset', data: { username: s, resetUrl: 'https://cocoa.example/reset-password?token=t', expiresInMinutes: 60 } },
      { template: 'contact-ack', data: { name: s } },
      { template: 'inquiry-ack', data: { name: s, eventDate: s } },
      { template: 'shop-message', data: { kind: 'contact', name: s, email: 'x@example.com', subject: s, message: s, adminUrl: 'https://cocoa.example/admin' } },
      { template: 'inbox-reply', data: { name: s, body: s, originalSubject: s, originalMessage: s } },
    ];

    it.each(NAUGHTY)('%s', async (s) => {
      for (const mail of mailsWith(s)) {
        const r = await render(mail);
        const start = tags(r.html);
        // the only elements are the templates' own: no script, no second image, no handler or javascript: attribute
        expect(start.filter((t) => /^<(script|svg|foo|sc)\b/i.test(t))).toEqual([]);
        expect(start.filter((t) => t.startsWith('<img'))).toHaveLength(1);
        expect(start.filter((t) => /\son[a-z]+=|javascript:/i.test(t))).toEqual([]);
        expect(start.filter((t) => t.startsWith('<a ')).every((t) => /href="(https:|mailto:)/.test(t))).toBe(true);
        if (s.includes('<')) expect(r.html).not.toContain(s);
        // already-escaped markup stays visible as typed
        if (s.includes('&lt;')) expect(r.html).toContain(s.replace(/&/g, '&amp;'));
        // the text part shows what they typed
        expect(flat(r.text)).toContain(flat(s).trim());
      }
    });
  });

  it('builds the shop from SHOP_CONTACT and the mailbox the shop reads, with a logo the PWA build ships', () => {
    expect(shopIdentity({ siteUrl: 'https://shop.example.com', timeZone: 'America/Denver', email: 'owner@shop.example.com' })).toEqual({
      name: 'Cocoa Shop',
      address: SHOP_CONTACT.address,
      email: 'owner@shop.example.com',
      phone: SHOP_CONTACT.phone,
      siteUrl: 'https://shop.example.com',
      logoUrl: 'https://shop.example.com/icons/icon-192.png',
      timeZone: 'America/Denver',
    });
    // pwa/public is copied as is into the PWA build the API serves
    const logo = join(__dirname, '..', '..', '..', '..', 'pwa', 'public', 'icons', 'icon-192.png');
    expect(existsSync(logo)).toBe(true);
    expect(readFileSync(logo).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
