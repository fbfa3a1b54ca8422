import { type BookingSettings, cancellationPolicyText } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pick } from '../common/pick';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { BookingEventEntity } from './booking-event.entity';
import { bookingInvitation } from './booking-ics';
import { type LinkSigner, SignedLinksService } from '../links/signed-links.service';
import { BOOKING_LINKS, type LinkedBooking } from './booking-links';
import { BookingSettingsService } from './booking-settings.service';
import type { BookingEntity } from './booking.entity';

type DataOf<N extends QueuedMail['template']> = Extract<QueuedMail, { template: N }>['data'];
type BookingMailData = DataOf<'booking-request'>;

/**
 * What the messages need besides the booking, read BEFORE the move's transaction opens (each read
 * touches the settings table; inside a transaction only its own manager may be used).
 */
export interface MailContext {
  signer: LinkSigner<LinkedBooking>;
  timeZone: string;
  settings: BookingSettings;
  /** The shop's name and mailbox, for the calendar invitations. */
  shop: { name: string; email: string };
}

/**
 * The e-mails each booking move causes, queued with MailService.queue in the move's own
 * transaction (rolled back, nothing is sent). The customer's messages carry the status link with
 * its token; the shop's copies (to CONTACT_TO) link into the admin and reply to the customer.
 */
@Injectable()
export class BookingMailService {
  constructor(
    private readonly mail: MailService,
    private readonly links: SignedLinksService,
    private readonly shopTime: ShopTimeZoneService,
    private readonly bookingSettings: BookingSettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async context(): Promise<MailContext> {
    const [signer, timeZone, settings, shop] = await Promise.all([
      this.links.signer(BOOKING_LINKS),
      this.shopTime.current(),
      this.bookingSettings.get(),
      this.mail.identity(),
    ]);
    return { signer, timeZone, settings, shop };
  }

  adminUrl(b: Pick<BookingEntity, 'id'>): string {
    return `${this.config.publicUrl}/admin?tab=bookings&booking=${b.id}`;
  }

  /** A new request: the customer's acknowledgement and the shop's copy. */
  async received(b: BookingEntity, ctx: MailContext, m: EntityManager): Promise<void> {
    const data = this.data(b, ctx);
    await this.queue({ to: b.contactEmail, template: 'booking-received', data: { ...data, policy: cancellationPolicyText(ctx.settings) } }, m);
    await this.queue({ to: 'shop', replyTo: this.customer(b), template: 'booking-request', data }, m);
  }

  async quote(b: BookingEntity, ctx: MailContext, note: string | null, m: EntityManager): Promise<void> {
    await this.queue({ to: b.contactEmail, template: 'booking-quote', data: { ...this.data(b, ctx), note, policy: cancellationPolicyText(ctx.settings) } }, m);
  }

  async declined(b: BookingEntity, ctx: MailContext, message: string, m: EntityManager): Promise<void> {
    await this.queue({ to: b.contactEmail, template: 'booking-declined', data: { ...this.data(b, ctx), message } }, m);
  }

  /** The deposit is paid: both sides get the confirmation with the calendar invitation. */
  async confirmed(b: BookingEntity, ctx: MailContext, testMode: boolean, m: EntityManager): Promise<void> {
    const data = this.data(b, ctx, testMode);
    await this.queue(
      {
        to: b.contactEmail,
        template: 'booking-confirmed',
        data: { ...data, recipient: 'customer' },
        attachments: [this.invitation(b, ctx, 'PUBLISH', data.bookingUrl)],
      },
      m,
    );
    await this.queue(
      {
        to: 'shop',
        replyTo: this.customer(b),
        template: 'booking-confirmed',
        data: { ...data, recipient: 'shop' },
        attachments: [this.invitation(b, ctx, 'PUBLISH', data.adminUrl)],
      },
      m,
    );
  }

  async balanceReminder(b: BookingEntity, ctx: MailContext, m: EntityManager): Promise<void> {
    await this.queue(
      { to: b.contactEmail, template: 'booking-balance-reminder', data: { ...this.data(b, ctx), amountDueCents: b.balanceCents - b.balancePaidCents } },
      m,
    );
  }

  /** The balance is paid: the customer's receipt and the shop's note; the booking is paid in full. */
  async balancePaid(b: BookingEntity, ctx: MailContext, payment: { amountCents: number; testMode: boolean }, m: EntityManager): Promise<void> {
    const data = { ...this.data(b, ctx, payment.testMode), amountPaidCents: payment.amountCents };
    await this.queue({ to: b.contactEmail, template: 'booking-balance-paid', data: { ...data, recipient: 'customer' } }, m);
    await this.queue({ to: 'shop', replyTo: this.customer(b), template: 'booking-balance-paid', data: { ...data, recipient: 'shop' } }, m);
  }

  /**
   * Both sides hear of a cancellation, with the refund it gives; a booking that was in the
   * calendars (confirmed) sends the invitation's CANCEL, which removes the event there.
   */
  async cancelled(
    b: BookingEntity,
    ctx: MailContext,
    how: { by: 'customer' | 'shop'; message: string | null; refundCents: number; wasConfirmed: boolean; testMode: boolean },
    m: EntityManager,
  ): Promise<void> {
    const data = this.data(b, ctx, how.testMode);
    const common = { cancelledBy: how.by, message: how.message, refundCents: how.refundCents };
    const sequence = how.wasConfirmed ? (await this.calendarRevision(b, m)) + 1 : undefined;
    const cancel = (url: string) => (how.wasConfirmed ? { attachments: [this.invitation(b, ctx, 'CANCEL', url, sequence)] } : {});
    await this.queue({ to: b.contactEmail, template: 'booking-cancelled', data: { ...data, ...common, recipient: 'customer' }, ...cancel(data.bookingUrl) }, m);
    await this.queue(
      { to: 'shop', replyTo: this.customer(b), template: 'booking-cancelled', data: { ...data, ...common, recipient: 'shop' }, ...cancel(data.adminUrl) },
      m,
    );
  }

  /**
   * The owner moved the booking (its row already holds the new day and times; `previous` is where
   * it was). The customer is told, with the owner's note. A booking in the calendars (confirmed,
   * balance due) carries the updated invitation, same UID and a higher SEQUENCE so calendars move
   * the event; the shop gets that update too, as it got the confirmation's invitation.
   */
  async rescheduled(
    b: BookingEntity,
    ctx: MailContext,
    how: { previous: { eventDate: string; startTime: string; endTime: string }; note: string | null; testMode: boolean },
    m: EntityManager,
  ): Promise<void> {
    const data = this.data(b, ctx, how.testMode);
    const invitation = b.state === 'confirmed' || b.state === 'balance_due';
    const common = { previous: how.previous, note: how.note, invitation };
    if (!invitation) {
      await this.queue({ to: b.contactEmail, template: 'booking-rescheduled', data: { ...data, ...common, recipient: 'customer' } }, m);
      return;
    }
    const sequence = await this.calendarRevision(b, m);
    await this.queue(
      {
        to: b.contactEmail,
        template: 'booking-rescheduled',
        data: { ...data, ...common, recipient: 'customer' },
        attachments: [this.invitation(b, ctx, 'PUBLISH', data.bookingUrl, sequence)],
      },
      m,
    );
    await this.queue(
      {
        to: 'shop',
        replyTo: this.customer(b),
        template: 'booking-rescheduled',
        data: { ...data, ...common, recipient: 'shop' },
        attachments: [this.invitation(b, ctx, 'PUBLISH', data.adminUrl, sequence)],
      },
      m,
    );
  }

  /** The calendar event's revision: one per move of its date (its 'rescheduled' thread rows), 0 before any. */
  private async calendarRevision(b: BookingEntity, m: EntityManager): Promise<number> {
    return m.countBy(BookingEventEntity, { bookingId: b.id, type: 'rescheduled' });
  }

  private queue(mail: QueuedMail, m: EntityManager): Promise<number | null> {
    return this.mail.queue(mail, m);
  }

  private customer(b: BookingEntity) {
    return { name: b.contactName, address: b.contactEmail };
  }

  private invitation(b: BookingEntity, ctx: MailContext, method: 'PUBLISH' | 'CANCEL', url: string, sequence?: number) {
    return bookingInvitation(b, {
      shopName: ctx.shop.name,
      shopEmail: ctx.shop.email,
      host: new URL(this.config.publicUrl).host,
      timeZone: ctx.timeZone,
      url,
      method,
      sequence,
    });
  }

  private data(b: BookingEntity, ctx: MailContext, testMode = false): BookingMailData {
    return {
      ...pick(b, 'reference', 'packageName', 'eventDate', 'startTime', 'endTime', 'guests', 'venueName', 'venueAddress'),
      ...pick(b, 'contactName', 'contactEmail', 'contactPhone', 'notes'),
      ...pick(b, 'quoteCents', 'depositCents', 'balanceCents', 'depositPaidCents', 'balancePaidCents', 'balanceDueDate'),
      bookingUrl: ctx.signer.url(b),
      adminUrl: this.adminUrl(b),
      testMode,
    };
  }
}
