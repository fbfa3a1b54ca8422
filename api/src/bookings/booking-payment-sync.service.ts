import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { PaymentError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { PaymentsService } from '../payments/payments.service';
import { type PaymentKind, paymentVerdict, type SquarePaymentEvent, type SquareRefundEvent } from '../payments/payments.types';
import { BookingMovesService, lockBooking } from './booking-moves.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { BookingPaymentsService } from './booking-payments.service';
import { BookingEntity } from './booking.entity';

/** Rows looked at per reconciler run at most, oldest first; the next run takes the rest. */
const BATCH = 100;
const isUuid = (v: string | null): v is string => v !== null && z.uuid().safeParse(v).success;
const refused = (status: string) => status === 'FAILED' || status === 'REJECTED';

export interface BookingReconcileReport {
  /** Square had the payment: recorded, and the booking moved. */
  paid: number;
  /** Nothing was charged (no payment at Square, or a test-mode payment cut short): the pending row went. */
  failed: number;
  /** Pending refunds asked of Square again under their key. */
  refundsAsked: number;
  /** Still pending: Square not connected, not answering, or its payment not settled yet. */
  left: number;
}

/**
 * Booking payments and refunds that Square settles after we stopped listening:
 * - Square's webhook (PaymentsService hands the booking's own to it, as the kind 'booking'):
 *   payment.* with our booking payment's id as
 *   reference_id settles a pending deposit or balance (COMPLETED/APPROVED) or removes it
 *   (FAILED/CANCELED); refund.* updates a refund: one Square reports FAILED or REJECTED after it
 *   was counted is uncounted, with a 'refund-failed' row in the thread for the owner to try again.
 * - The reconciler (`reconcile()`, every few minutes from BookingJobsService): a deposit or balance
 *   pending for longer than PAYMENT_RECONCILE_AFTER_S (the customer's answer was lost and they did
 *   not come back) is settled from Square's payments with its reference_id
 *   (PaymentsService.reconcileCharge, as orders are); a test-mode one charged nothing and goes; a refund still pending
 *   (Square never answered) is asked again under the same idempotency key.
 */
@Injectable()
export class BookingPaymentSync implements OnModuleInit, PaymentKind {
  readonly name = 'booking';
  private running: Promise<BookingReconcileReport> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly bookingPayments: BookingPaymentsService,
    private readonly moves: BookingMovesService,
  ) {}

  onModuleInit(): void {
    this.payments.register(this);
  }

  async squarePayment(event: SquarePaymentEvent): Promise<boolean> {
    if (!isUuid(event.referenceId)) return false;
    const row = await this.dataSource.getRepository(BookingPaymentEntity).findOneBy({ id: event.referenceId });
    if (!row || row.kind === 'refund') return false;
    await this.settleCharge(row, event.paymentId, event.status);
    return true;
  }

  /** A pending charge by Square's word: recorded, removed, or left (still PENDING there). */
  private async settleCharge(row: BookingPaymentEntity, paymentId: string, status: string): Promise<'paid' | 'failed' | 'left'> {
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

  /** One pass; a second caller while one runs shares it. */
  reconcile(): Promise<BookingReconcileReport> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<BookingReconcileReport> {
    const report: BookingReconcileReport = { paid: 0, failed: 0, refundsAsked: 0, left: 0 };
    const stale = await this.dataSource
      .getRepository(BookingPaymentEntity)
      .createQueryBuilder('p')
      .where(`p.status = 'pending' AND p.createdAt < now() - make_interval(secs => :after)`, { after: this.config.PAYMENT_RECONCILE_AFTER_S })
      .orderBy('p.createdAt', 'ASC')
      .take(BATCH)
      .getMany();
    if (stale.length === 0) return report;
    const connection = await this.payments.connection();
    for (const row of stale) {
      try {
        if (row.kind === 'refund') {
          await this.bookingPayments.executeRefund(row.id);
          report.refundsAsked++;
        } else {
          const settled = await this.payments.reconcileCharge(connection, {
            referenceId: row.id,
            totalCents: row.amountCents,
            createdAt: row.createdAt,
            testMode: row.testMode,
            paid: (payment) => this.settleCharge(row, payment.paymentId, payment.status),
            failed: async (reason) => {
              await this.bookingPayments.fail(row, new PaymentError(reason.message, reason.code));
              return 'failed' as const;
            },
          });
          report[settled]++;
        }
      } catch (err) {
        report.left++;
        log('warn', 'booking reconciler could not settle a payment; trying again next run', {
          paymentRowId: row.id,
          error: errorText(err),
        });
      }
    }
    log('info', 'booking payments reconciled', { ...report });
    return report;
  }
}
