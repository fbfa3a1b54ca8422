import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { PaymentError } from '../common/domain-errors';
import { log } from '../common/logger';
import { PaymentKindProvider } from '../payments/payment-kinds.service';
import type { PaymentKind, Reconciled, SquarePaymentEvent, SquareRefundEvent, StaleCharge, StaleRefund } from '../payments/payments.types';
import { paymentVerdict } from '../payments/payments.types';
import { BookingMovesService, lockBooking } from './booking-moves.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { BookingPaymentsService } from './booking-payments.service';
import { BookingEntity } from './booking.entity';

const isUuid = (v: string | null): v is string => v !== null && z.uuid().safeParse(v).success;
const refused = (status: string) => status === 'FAILED' || status === 'REJECTED';

/**
 * Booking payments and refunds that Square settles after we stopped listening:
 * - Square's webhook (PaymentsService hands the booking's own to it, as the kind 'booking'):
 *   payment.* with our booking payment's id as
 *   reference_id settles a pending deposit or balance (COMPLETED/APPROVED) or removes it
 *   (FAILED/CANCELED); refund.* updates a refund: one Square reports FAILED or REJECTED after it
 *   was counted is uncounted, with a 'refund-failed' row in the thread for the owner to try again.
 * - The payment reconciler (PaymentReconciler, for every kind): a deposit or balance pending for
 *   longer than PAYMENT_RECONCILE_AFTER_S (the customer's answer was lost and they did not come
 *   back) is listed by `stalePayments` and settled from Square's payments with its reference_id,
 *   as orders are; a test-mode one charged nothing and goes. A refund still pending (Square never
 *   answered) is listed by `staleRefunds` and asked again under the same idempotency key.
 */
@Injectable()
@PaymentKindProvider()
export class BookingPaymentSync implements PaymentKind {
  readonly name = 'booking';

  constructor(
    private readonly dataSource: DataSource,
    private readonly bookingPayments: BookingPaymentsService,
    private readonly moves: BookingMovesService,
  ) {}

  async squarePayment(event: SquarePaymentEvent): Promise<boolean> {
    if (!isUuid(event.referenceId)) return false;
    const row = await this.dataSource.getRepository(BookingPaymentEntity).findOneBy({ id: event.referenceId });
    if (!row || row.kind === 'refund') return false;
    await this.settleCharge(row, event.paymentId, event.status);
    return true;
  }

  /** A pending charge by Square's word: recorded, removed, or left (still PENDING there). */
  private async settleCharge(row: BookingPaymentEntity, paymentId: string, status: string): Promise<Reconciled> {
    if (row.status !== 'pending') return 'left';
    const verdict = paymentVerdict(status);
    if (verdict === 'paid' || verdict === 'approved') {
      await this.bookingPayments.settle(row, { paymentId, providerStatus: status });
      return 'paid';
    }
    if (verdict === 'failed') {
      await this.bookingPayments.fail(row, new PaymentError(`Square ${status === 'FAILED' ? 'declined' : 'cancelled'} the payment`, 'PAYMENT_FAILED'));
      return 'failed';
    }
    return 'left';
  }

  async squareRefund(event: SquareRefundEvent): Promise<boolean> {
    // Ours by Square's refund id, or the pending refund of that payment and amount whose answer was lost.
    const [match]: { id: string }[] = await this.dataSource.query(
      `SELECT r.id FROM booking_payments r WHERE r.kind = 'refund' AND r.square_refund_id = $1
       UNION ALL
       (SELECT r.id FROM booking_payments r JOIN booking_payments c ON c.id = r.refund_of
         WHERE r.kind = 'refund' AND r.status = 'pending' AND r.square_refund_id IS NULL AND c.square_payment_id = $2 AND r.amount_cents = $3
         ORDER BY r.created_at LIMIT 1)
       LIMIT 1`,
      [event.refundId, event.paymentId, event.amountCents],
    );
    if (!match) return false;
    const row = await this.dataSource.getRepository(BookingPaymentEntity).findOneByOrFail({ id: match.id });
    const error = `Square ${event.status.toLowerCase()} the refund`;
    if (row.status === 'pending') {
      if (event.status === 'PENDING' || event.status === 'COMPLETED')
        await this.bookingPayments.settleRefund(row, { ok: true, refundId: event.refundId, providerStatus: event.status });
      else if (refused(event.status))
        await this.bookingPayments.settleRefund(row, { ok: false, refundId: event.refundId, providerStatus: event.status, error });
      return true;
    }
    if (row.status === 'completed' && row.providerStatus !== event.status) await this.updateCounted(row.id, event, error);
    return true;
  }

  /** A refund counted when Square took it: COMPLETED is noted on it; FAILED or REJECTED uncounts it. */
  private async updateCounted(id: string, event: SquareRefundEvent, error: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = await m.findOneByOrFail(BookingPaymentEntity, { id });
      const b = await lockBooking(m, { id: current.bookingId });
      if (!refused(event.status)) {
        await m.update(BookingPaymentEntity, { id, status: 'completed' }, { providerStatus: event.status });
        return;
      }
      const changed = await m.update(BookingPaymentEntity, { id, status: 'completed' }, { status: 'failed', providerStatus: event.status, error });
      if (!changed.affected) return;
      await m.update(BookingEntity, { id: b.id }, { refundedCents: Math.max(0, b.refundedCents - current.amountCents) });
      await this.moves.note(m, b.id, 'system', 'refund-failed', { amountCents: current.amountCents, error });
      log('error', 'square failed a booking refund it had accepted', { bookingId: b.id, refundRowId: id, status: event.status });
    });
  }

  /** Deposits and balances pending for longer than `afterSeconds`, each settled or removed by the reconciler. */
  async stalePayments(afterSeconds: number, batch: number): Promise<StaleCharge<Reconciled>[]> {
    const stale = await this.pendingSince(afterSeconds, batch, 'charges');
    return stale.map((row) => ({
      ref: { bookingId: row.bookingId, paymentRowId: row.id },
      referenceId: row.id,
      totalCents: row.amountCents,
      createdAt: row.createdAt,
      testMode: row.testMode,
      paid: (payment) => this.settleCharge(row, payment.paymentId, payment.status),
      failed: async (reason) => {
        await this.bookingPayments.fail(row, new PaymentError(reason.message, reason.code));
        return 'failed';
      },
    }));
  }

  /** Refunds pending for longer than `afterSeconds` (Square never answered): asked again under the same key. */
  async staleRefunds(afterSeconds: number, batch: number): Promise<StaleRefund[]> {
    const stale = await this.pendingSince(afterSeconds, batch, 'refunds');
    return stale.map((row) => ({ ref: { bookingId: row.bookingId, refundRowId: row.id }, askAgain: () => this.bookingPayments.executeRefund(row.id) }));
  }

  private pendingSince(afterSeconds: number, batch: number, which: 'charges' | 'refunds'): Promise<BookingPaymentEntity[]> {
    return this.dataSource
      .getRepository(BookingPaymentEntity)
      .createQueryBuilder('p')
      .where(`p.status = 'pending' AND p.createdAt < now() - make_interval(secs => :after)`, { after: afterSeconds })
      .andWhere(which === 'refunds' ? `p.kind = 'refund'` : `p.kind <> 'refund'`)
      .orderBy('p.createdAt', 'ASC')
      .take(batch)
      .getMany();
  }
}
