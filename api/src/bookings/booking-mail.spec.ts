import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import * as nodeIcal from 'node-ical';
import { renderMail, type TemplateMail } from '../mail/templates';
import { expectInBothParts, flat, tags } from '../test/mail-parts';
import { bookingInvitation } from './booking-ics';
import { INVITATION_OPTIONS, INVITED_BOOKING, MAIL_SHOP, MAILED_BOOKING } from './booking-mail.fixtures';

/** The Big List of Naughty Strings selection the templates' own spec uses (its README gives the origin). */
const NAUGHTY: string[] = JSON.parse(readFileSync(join(__dirname, '..', 'mail', 'templates', 'fixtures', 'naughty-strings.json'), 'utf8')).strings;

const SHOP = MAIL_SHOP;
const BOOKING = MAILED_BOOKING;

describe('booking e-mails', () => {
  it('the quote: total, deposit, the owner’s note, the link to pay, the day as people read it, the policy', async () => {
    const r = await renderMail(
      { template: 'booking-quote', data: { ...BOOKING, note: 'Parking is behind the café.', policy: 'Cancel 14 days ahead for a full refund.' } },
      SHOP,
    );
    expect(r.subject).toBe('Your quote for booking CB-7K3Q: $1,234.56');
    expectInBothParts(r, [
      '$1,234.56',
      'Pay the $308.64 deposit',
      'Parking is behind the café.',
      'Sunday, March 8, 2026',
      '7:30 PM to 12:30 AM',
      'Cancel 14 days ahead for a full refund.',
      'Café Olé',
      '85',
    ]);
    expect(r.html).toContain('href="https://cocoa.example/bookings/CB-7K3Q?token=abc_def"');
    expect(r.text).toContain('https://cocoa.example/bookings/CB-7K3Q?token=abc_def');
  });

  it('the shop’s copy of a request names the contact and links into the admin', async () => {
    const r = await renderMail({ template: 'booking-request', data: { ...BOOKING, depositPaidCents: 0 } }, SHOP);
    expect(r.subject).toBe('New booking request CB-7K3Q: Iced & Shake Bar on Sunday, March 8, 2026');
    expect(flat(r.text)).toContain('jl.tremblay@example.com, +16135550142');
    expect(r.html).toContain('href="https://cocoa.example/admin?tab=bookings&amp;booking=7"');
  });

  it('the confirmation and cancellation speak to whom they are sent, and a test booking says so', async () => {
    const customer = await renderMail({ template: 'booking-confirmed', data: { ...BOOKING, recipient: 'customer', testMode: true } }, SHOP);
    expect(customer.subject).toBe('[TEST] Your booking CB-7K3Q is confirmed');
    expect(flat(customer.text)).toContain('We received your deposit of $308.64');
    expect(flat(customer.text)).toContain('The balance of $925.92 is due Sunday, February 22, 2026');
    expect(flat(customer.text)).toContain('TEST BOOKING');
    const shop = await renderMail({ template: 'booking-confirmed', data: { ...BOOKING, recipient: 'shop' } }, SHOP);
    expect(shop.subject).toBe('Booking CB-7K3Q confirmed: Sunday, March 8, 2026');
    expect(flat(shop.text)).toContain('Jean-Luc Tremblay paid the deposit of $308.64');

    const kept = await renderMail(
      { template: 'booking-cancelled', data: { ...BOOKING, recipient: 'shop', cancelledBy: 'customer', message: null, refundCents: 0 } },
      SHOP,
    );
    expect(flat(kept.text)).toContain('Jean-Luc Tremblay cancelled the booking');
    expect(flat(kept.text)).toContain('Under the cancellation policy, the deposit is kept');
    const refunded = await renderMail(
      { template: 'booking-cancelled', data: { ...BOOKING, recipient: 'customer', cancelledBy: 'shop', message: 'Our van broke down.', refundCents: 30864 } },
      SHOP,
    );
    expect(flat(refunded.text)).toContain('We have cancelled the booking');
    expect(flat(refunded.text)).toContain('A refund of $308.64 goes back to the card');
  });

  it.each(NAUGHTY.map((s) => [s.slice(0, 40), s]))('text people typed never becomes markup: %s', async (_label, naughty) => {
    const mails: TemplateMail[] = [
      { template: 'booking-request', data: { ...BOOKING, contactName: naughty, venueName: naughty, notes: naughty } },
      { template: 'booking-declined', data: { ...BOOKING, contactName: naughty, message: naughty } },
      { template: 'booking-quote', data: { ...BOOKING, note: naughty, policy: naughty } },
    ];
    for (const mail of mails) {
      const r = await renderMail(mail, SHOP);
      const start = tags(r.html);
      // The only elements are the templates' own: no script, no second image, no handler or javascript: attribute.
      expect(start.filter((t) => /^<(script|svg|foo|sc)\b/i.test(t))).toEqual([]);
      expect(start.filter((t) => t.startsWith('<img'))).toHaveLength(1);
      expect(start.filter((t) => /\son[a-z]+=|javascript:/i.test(t))).toEqual([]);
      if (naughty.includes('<')) expect(r.html).not.toContain(naughty);
      // The text part shows what they typed.
      expect(flat(r.text)).toContain(flat(naughty).trim());
    }
  });
});

describe('the booking’s calendar invitation', () => {
  const booking = INVITED_BOOKING;
  const options = INVITATION_OPTIONS;

  it('reads back in ical.js and node-ical at the shop’s wall-clock times, an end past midnight on the next day, across the DST change', () => {
    const ics = bookingInvitation(booking, options);
    expect(ics).toMatchObject({ filename: 'booking-CB-7K3Q.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.content)).getFirstSubcomponent('vevent')!);
    // March 8, 2026 is the day Chicago springs forward: 7:30 PM is CDT (UTC-5), 12:30 AM the next day too.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-09T00:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-09T05:30:00.000Z');
    expect(event.summary).toBe('Cocoa Shop: Iced & Shake Bar (CB-7K3Q)');
    expect(event.uid).toBe('booking-CB-7K3Q@cocoa.example');

    const parsed = nodeIcal.sync.parseICS(ics.content)['booking-CB-7K3Q@cocoa.example'] as nodeIcal.VEvent;
    expect(parsed.start.toISOString()).toBe('2026-03-09T00:30:00.000Z');
    expect(parsed.location).toBe('Café Olé, 2701 Riverside Drive, Ottawa, ON K1A 0B1');
    expect(JSON.stringify(parsed.organizer)).toContain('mailto:hello@cocoa.example');
  });

  it('cancels the same event (same UID, METHOD:CANCEL, STATUS:CANCELLED)', () => {
    const ics = bookingInvitation(booking, { ...options, method: 'CANCEL' });
    const calendar = new ICAL.Component(ICAL.parse(ics.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe('booking-CB-7K3Q@cocoa.example');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});
