import { randomUUID } from 'node:crypto';
import { BOOKING_PAID_MOVES, BOOKING_PAYABLE_IN, type BookingPaymentKind, dayIn, DEFAULT_COUNTRY } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConflictError, type DomainError, NotFoundError } from '../common/domain-errors';
import { log } from '../common/logger';
import { PaymentsService } from '../payments/payments.service';
import type { SquareChargeInput } from '../square/square.gateway';
import { BookingMailService } from './booking-mail.service';
import { BookingMovesService, lockBooking } from './booking-moves.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { BookingEntity } from './booking.entity';

export interface PaymentRequest {
  kind: BookingPaymentKind;
  sourceId: string;
  verificationToken?: string | null;
  idempotencyKey: string;
}

export interface PaymentDone {
  paymentId: string;
  amountCents: number;
  testMode: boolean;
}

/** A charge that went through: Square's payment id and status (the test card's: COMPLETED). */
interface Charged {
  paymentId: string;
  providerStatus: string;
}

/**
 * The deposit and the balance, paid on the status page with the checkout's payment step
 * (PaymentsService: Square when connected, the built-in test card otherwise, as for orders). The
 * amount is the server's: what the booking says is due; the request only names which payment.
 *
 * No transaction is open while Square answers (a pending record is committed first, settled after):
 * 1. claim: one short transaction locks the booking, checks the payment is due in its state (409
 *    when it is paid already, or not due) and commits a pending booking_payments row under the
 *    request's idempotency key; the unique partial index keeps a second live payment of the same
 *    kind out (409 while one is in progress);
 * 2. charge: PaymentsService.charge, Square or the test card, no connection held;
 * 3. settle: one short transaction records the payment, adds it to the booking and makes the move
 *    (deposit: → confirmed, the confirmation e-mails with the invitation queued; balance: →
 *    completed). A charge refused removes the pending row (the attempt stays in the thread).
 * The same idempotency key again answers the same payment; a pending one (its answer was lost) is
 * asked of Square again under the same keys, which Square answers with the same payment instead of
 * a second charge. If the customer does not come back, Square's webhook or the payment reconciler
 * (through BookingPaymentSync) settles it from what Square recorded.
 *
 * Refunds (cancellations) are committed by BookingMovesService and asked of Square here after the
 * commit (PaymentsService.refund) with the refund row's idempotency key. A refund Square refused (or that
 * could not be asked: Square disconnected) can be tried again by the owner under a new key.
 */
@Injectable()
export class BookingPaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly moves: BookingMovesService,
    private readonly mails: BookingMailService,
  ) {}

  async pay(booking: BookingEntity, input: PaymentRequest): Promise<PaymentDone> {
    const mode = await this.payments.modeFor(input.sourceId);
    const existing = await this.dataSource.getRepository(BookingPaymentEntity).findOneBy({ idempotencyKey: input.idempotencyKey });
    if (existing && (existing.bookingId !== booking.id || existing.kind !== input.kind)) {
      throw new ConflictError('This payment key was already used for another payment. Please start the payment again.', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (existing?.status === 'completed') return { paymentId: existing.squarePaymentId ?? '', amountCents: existing.amountCents, testMode: existing.testMode };
    const row = existing ?? (await this.claim(booking.id, input, mode.kind === 'test'));
    // A row claimed in test mode stays a test payment, whatever the mode is now.
    const via = mode.kind === 'square' && !row.testMode ? mode.connection : null;
    const { paymentId } = await this.payments.charge(via, chargeOf(booking, row, input), {
      ref: { bookingId: booking.id, paymentRowId: row.id },
      failed: (err) => this.fail(row, err),
      paid: (payment) => this.settle(row, { paymentId: payment.paymentId, providerStatus: payment.status }),
    });
    log('info', 'booking payment taken', { bookingId: booking.id, kind: row.kind, amountCents: row.amountCents, testMode: row.testMode });
    return { paymentId, amountCents: row.amountCents, testMode: row.testMode };
  }

  /** Step 1: the amount due now, committed as a pending payment. */
  private claim(bookingId: number, input: PaymentRequest, testMode: boolean): Promise<BookingPaymentEntity> {
    return this.dataSource.transaction(async (m) => {
      const b = await lockBooking(m, { id: bookingId });
      const paid = input.kind === 'deposit' ? b.depositPaidCents : b.balancePaidCents;
      const owed = input.kind === 'deposit' ? b.depositCents : b.balanceCents;
      if (paid > 0 && paid >= owed) throw new ConflictError(`The ${input.kind} for booking ${b.reference} is already paid`, 'ALREADY_PAID');
      if (!BOOKING_PAYABLE_IN[input.kind].includes(b.state) || owed - paid <= 0) {
        throw new ConflictError(`No ${input.kind} is due for booking ${b.reference} (it is ${b.state.replace('_', ' ')})`, 'NOTHING_DUE');
      }
      const id = randomUUID();
      const inserted = await m.query<Array<{ id: string }>>(
        `INSERT INTO booking_payments (id, booking_id, kind, amount_cents, status, test_mode, idempotency_key)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
        [id, b.id, input.kind, owed - paid, testMode, input.idempotencyKey],
      );
      if (!inserted.length)
        throw new ConflictError(
          `A ${input.kind} payment for booking ${b.reference} is already being processed. Please wait a minute and reload the page.`,
          'PAYMENT_IN_PROGRESS',
        );
      return m.findOneByOrFail(BookingPaymentEntity, { id });
    });
  }

  /** Nothing was charged: the pending row goes (the key may be used again) and the thread keeps the attempt. */
  async fail(row: BookingPaymentEntity, err: DomainError): Promise<void> {
    try {
      await this.dataSource.transaction(async (m) => {
        const gone = await m.delete(BookingPaymentEntity, { id: row.id, status: 'pending' });
        if (!gone.affected) return; // settled meanwhile (the webhook, the reconciler, the customer's retry)
        await this.moves.note(m, row.bookingId, 'customer', 'payment-failed', {
          kind: row.kind,
          amountCents: row.amountCents,
          error: err.message,
          code: err.code,
        });
      });
    } catch (cleanup) {
      log('error', 'could not remove the pending row of a failed booking payment', { paymentRowId: row.id, error: String(cleanup) });
    }
  }

  /** Step 3: the payment recorded, added to the booking, and the move it makes (once, whoever settles first: the customer's retry, the webhook, the reconciler). */
  async settle(row: BookingPaymentEntity, charged: Charged): Promise<void> {
    const ctx = await this.mails.context();
    await this.dataSource.transaction(async (m) => {
      const b = await lockBooking(m, { id: row.bookingId });
      const updated = await m.update(
        BookingPaymentEntity,
        { id: row.id, status: 'pending' },
        { status: 'completed', squarePaymentId: charged.paymentId, providerStatus: charged.providerStatus, settledAt: new Date() },
      );
      if (!updated.affected) return; // settled already by a retry under the same key
      if (row.kind === 'deposit') b.depositPaidCents += row.amountCents;
      else b.balancePaidCents += row.amountCents;
      const detail = { amountCents: row.amountCents, paymentId: charged.paymentId, testMode: row.testMode };
      const to = BOOKING_PAID_MOVES[row.kind as BookingPaymentKind];
      if (!this.moves.machine.can(b.state, to)) {
        // Paid while the owner cancelled it: the money is recorded for the owner to refund.
        await m.getRepository(BookingEntity).save(b);
        await this.moves.note(m, b.id, 'customer', `${row.kind}-paid`, {
          ...detail,
          note: `Paid while the booking was ${b.state}: refund it from the booking`,
        });
        log('error', 'a booking payment arrived after the booking moved on', { bookingId: b.id, state: b.state, kind: row.kind });
        return;
      }
      // The move queues its e-mail: the confirmation (deposit) or the receipt (balance).
      await this.moves.move(m, b, to, { actor: 'customer', type: `${row.kind}-paid`, detail, ctx });
      if (row.kind === 'deposit') await this.moves.balanceIfDue(m, b, ctx, dayIn(new Date(), ctx.timeZone));
    });
  }

  /** Asks Square for each refund a cancellation committed as pending; failures are recorded, never thrown (the booking is cancelled already). */
  async executeRefunds(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.executeRefund(id);
      } catch (err) {
        log('error', 'booking refund could not be settled', { refundRowId: id, error: String(err) });
      }
    }
  }

  async executeRefund(id: string): Promise<void> {
    const repo = this.dataSource.getRepository(BookingPaymentEntity);
    const row = await repo.findOneBy({ id, status: 'pending' });
    if (!row) return;
    const charge = row.refundOf ? await repo.findOneBy({ id: row.refundOf }) : null;
    const connection = await this.payments.connection();
    if (!connection || !charge?.squarePaymentId) {
      return this.settleRefund(row, { ok: false, error: 'Square is not connected: make this refund in the Square Dashboard' });
    }
    const answer = await this.payments.refund(
      connection,
      { idempotencyKey: row.idempotencyKey, paymentId: charge.squarePaymentId, amountCents: row.amountCents, reason: 'Event booking cancelled' },
      { bookingId: row.bookingId, refundRowId: row.id },
    );
    if (answer.outcome === 'unknown') return; // it stays pending: the reconciler asks again under the same key
    if (answer.outcome === 'error') return this.settleRefund(row, { ok: false, error: answer.error.message });
    const { refundId, status } = answer.refund;
    await this.settleRefund(
      row,
      answer.outcome === 'made'
        ? { ok: true, refundId, providerStatus: status }
        : { ok: false, error: `Square ${status.toLowerCase()} the refund`, refundId, providerStatus: status },
    );
  }

  async settleRefund(row: BookingPaymentEntity, outcome: { ok: boolean; refundId?: string; providerStatus?: string; error?: string }): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const b = await lockBooking(m, { id: row.bookingId });
      const updated = await m.update(
        BookingPaymentEntity,
        { id: row.id, status: 'pending' },
        {
          status: outcome.ok ? 'completed' : 'failed',
          squareRefundId: outcome.refundId ?? null,
          providerStatus: outcome.providerStatus ?? null,
          error: outcome.error?.slice(0, 500) ?? null,
          settledAt: new Date(),
        },
      );
      if (!updated.affected) return;
      if (outcome.ok) {
        await m.update(BookingEntity, { id: b.id }, { refundedCents: b.refundedCents + row.amountCents });
        await this.moves.note(m, b.id, 'system', 'refunded', {
          amountCents: row.amountCents,
          squareRefundId: outcome.refundId ?? null,
          providerStatus: outcome.providerStatus ?? null,
        });
      } else {
        await this.moves.note(m, b.id, 'system', 'refund-failed', { amountCents: row.amountCents, error: outcome.error ?? null });
        log('error', 'booking refund failed', { bookingId: b.id, refundRowId: row.id, error: outcome.error });
      }
    });
  }

  /**
   * The owner tries a failed refund again: the row goes back to pending under a new idempotency key
   * (Square answers a used key with the refused refund), with a thread row, then Square is asked.
   * 409 unless that refund of this booking failed.
   */
  async retryRefund(bookingId: number, refundId: string, actor: `admin:${string}`): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await lockBooking(m, { id: bookingId });
      const row = await m.findOneBy(BookingPaymentEntity, { id: refundId, bookingId, kind: 'refund' });
      if (!row) throw new NotFoundError('Refund not found', 'REFUND_NOT_FOUND');
      if (row.status !== 'failed') throw new ConflictError(`This refund is ${row.status}: only a failed refund can be tried again`, 'REFUND_NOT_FAILED');
      await m.update(
        BookingPaymentEntity,
        { id: row.id },
        { status: 'pending', idempotencyKey: randomUUID(), error: null, settledAt: null, providerStatus: null, squareRefundId: null },
      );
      await this.moves.note(m, bookingId, actor, 'refund-retried', { amountCents: row.amountCents });
    });
    await this.executeRefunds([refundId]);
  }
}

/** The charge as Square is asked for it: one ad-hoc line, the deposit or the balance, for the booking's contact. */
function chargeOf(b: BookingEntity, row: BookingPaymentEntity, input: PaymentRequest): SquareChargeInput {
  const [givenName, ...family] = b.contactName.split(/\s+/);
  return {
    sourceId: input.sourceId,
    verificationToken: input.verificationToken,
    idempotencyKey: input.idempotencyKey,
    referenceId: row.id,
    customer: {
      email: b.contactEmail,
      givenName,
      familyName: family.join(' '),
      phone: b.contactPhone,
      address: { addressLine1: b.venueAddress, country: DEFAULT_COUNTRY },
    },
    lines: [
      { variationId: null, name: `${b.packageName}, ${row.kind} for booking ${b.reference} (${b.eventDate})`, quantity: 1, unitPriceCents: row.amountCents },
    ],
    shippingCents: 0,
    taxCents: 0,
    totalCents: row.amountCents,
  };
}
