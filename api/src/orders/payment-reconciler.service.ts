import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { errorText, log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { PaymentsService } from '../payments/payments.service';
import { OrderSettlementService } from './order-settlement.service';

/** Orders settled per run at most, oldest first; the next run takes the rest. */
const BATCH = 100;

export interface ReconcileReport {
  /** Square had a payment: the order moved to COMPLETED (or OPEN). */
  paid: number;
  /** Nothing was charged (Square has no payment, or a test-mode checkout): the pending order went. */
  failed: number;
  /** Still pending: Square not connected, not answering, or its payment not settled yet. */
  left: number;
}

/**
 * Settles the checkouts a crash (or a charge Square never answered) left PENDING, by asking Square
 * what it recorded (PaymentsService.reconcileCharge): its payments of our order's total and
 * location whose reference_id is our order id (payments.list through the real SDK). Only orders pending for longer than
 * PAYMENT_RECONCILE_AFTER_S are touched, well past the longest a checkout can take, so a checkout
 * still in flight is never settled under it. A test-mode order left pending charged nothing: it
 * goes. Runs at start and every PAYMENT_RECONCILE_INTERVAL_S (never in NODE_ENV=test, where tests
 * call `reconcile()`); `reconcile()` is the one entry point a job queue can call instead.
 */
@Injectable()
export class PaymentReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileReport> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly settlement: OrderSettlementService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV === 'test') return;
    const run = () => void this.reconcile().catch((err: unknown) => log('error', 'payment reconciler failed', { error: String(err) }));
    run();
    this.timer = setInterval(run, this.config.PAYMENT_RECONCILE_INTERVAL_S * 1000);
    this.timer.unref();
  }

  /** Before the database closes: no new run, and the one under way finishes. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass over the stale pending orders; a second caller while one runs shares it. */
  reconcile(): Promise<ReconcileReport> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<ReconcileReport> {
    const stale: { id: string; test_mode: boolean; total_cents: number; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, test_mode, total_cents, created_at FROM orders
        WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT ${BATCH}`,
      [this.config.PAYMENT_RECONCILE_AFTER_S],
    );
    const report: ReconcileReport = { paid: 0, failed: 0, left: 0 };
    if (stale.length === 0) return report;
    const connection = await this.payments.connection();
    for (const order of stale) {
      try {
        const settled = await this.payments.reconcileCharge(connection, {
          referenceId: order.id,
          totalCents: Number(order.total_cents),
          createdAt: new Date(order.created_at),
          testMode: order.test_mode,
          paid: (payment) => this.settlement.settle(order.id, payment, 'reconciler'),
          failed: (reason) => this.settlement.fail(order.id, reason, 'reconciler'),
        });
        if (settled === 'left') report.left++;
        else if (settled.outcome === 'removed') report.failed++;
        else if (settled.outcome === 'moved') report.paid++;
        else report.left++;
      } catch (err) {
        report.left++;
        log('warn', 'payment reconciler could not settle an order; trying again next run', {
          orderId: order.id,
          error: errorText(err),
        });
      }
    }
    if (report.left > 0 && !connection) log('warn', 'pending Square orders wait for Square to be connected again', { left: report.left });
    log('info', 'payment reconciler run', { ...report });
    return report;
  }
}
