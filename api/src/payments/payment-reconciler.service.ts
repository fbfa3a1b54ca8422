import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { errorText, log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { PaymentsService } from './payments.service';
import type { Reconciled, StaleCharge, StaleRefund } from './payments.types';

/** Charges, and refunds, looked at per kind and run at most, oldest first; the next run takes the rest. */
const BATCH = 100;

interface ReconcileCounts {
  /** Square had a payment: recorded, and the kind's move made (an order COMPLETED or OPEN, a booking confirmed...). */
  paid: number;
  /** Nothing was charged (Square has no payment, or a test-mode payment cut short): the pending record went. */
  failed: number;
  /** Pending refunds asked of Square again under their key. */
  refundsAsked: number;
  /** Still pending: Square not connected, not answering, or its payment not settled yet. */
  left: number;
}

export interface ReconcileReport {
  /** Per declared kind, by its name ('order', 'booking'). */
  kinds: Record<string, ReconcileCounts>;
  total: ReconcileCounts;
}

const noCounts = (): ReconcileCounts => ({ paid: 0, failed: 0, refundsAsked: 0, left: 0 });

/**
 * Settles, for every kind declared to PaymentsService, the payments a crash or a lost answer left
 * pending: each kind lists its charges pending for longer than PAYMENT_RECONCILE_AFTER_S (well past
 * the longest a checkout can take, so one still in flight is never settled under it), and
 * PaymentsService.reconcileCharge settles each from what Square recorded under its reference id
 * (a test-mode one charged nothing and goes); a kind's refunds still pending are asked of Square
 * again under the same idempotency key.
 *
 * Runs at start and every PAYMENT_RECONCILE_INTERVAL_S on each replica (never in NODE_ENV=test,
 * where tests call `reconcile()`). Decision: this process timer rather than a job-queue cron: a
 * restarted replica settles what its crash left at once, the interval keeps its seconds (the
 * queue's cron counts whole minutes), and a run killed half-way holds nothing back (a queued run
 * cut short would hold its queue until the job expires). Runs on several replicas may overlap:
 * every settlement locks its row and checks its state, and a refund asked twice under one key is
 * made once.
 */
@Injectable()
export class PaymentReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileReport> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
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

  /** One pass over every kind's stale payments; a second caller while one runs shares it. */
  reconcile(): Promise<ReconcileReport> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<ReconcileReport> {
    const after = this.config.PAYMENT_RECONCILE_AFTER_S;
    const report: ReconcileReport = { kinds: {}, total: noCounts() };
    const work: { name: string; charges: StaleCharge<Reconciled>[]; refunds: StaleRefund[] }[] = [];
    for (const kind of this.payments.declared()) {
      report.kinds[kind.name] = noCounts();
      try {
        work.push({ name: kind.name, charges: await kind.stalePayments(after, BATCH), refunds: (await kind.staleRefunds?.(after, BATCH)) ?? [] });
      } catch (err) {
        // One kind's failure (its table unreadable for a moment) holds up none of the others.
        log('error', 'payment reconciler could not list stale payments; trying again next run', { kind: kind.name, error: errorText(err) });
      }
    }
    if (work.every((w) => w.charges.length === 0 && w.refunds.length === 0)) return report;
    const connection = await this.payments.connection();
    for (const { name, charges, refunds } of work) {
      const counts = report.kinds[name];
      for (const charge of charges) {
        await this.settleOne(name, counts, charge.ref, async () => {
          const settled = await this.payments.reconcileCharge(connection, charge);
          counts[settled]++;
        });
      }
      for (const refund of refunds) {
        await this.settleOne(name, counts, refund.ref, async () => {
          await refund.askAgain();
          counts.refundsAsked++;
        });
      }
      for (const key of Object.keys(counts) as (keyof ReconcileCounts)[]) report.total[key] += counts[key];
    }
    if (report.total.left > 0 && !connection) log('warn', 'pending Square payments wait for Square to be connected again', { left: report.total.left });
    log('info', 'payment reconciler run', { ...report.total, kinds: report.kinds });
    return report;
  }

  /** One stale payment or refund: what went wrong is logged and counted as left, and the run goes on. */
  private async settleOne(kind: string, counts: ReconcileCounts, ref: Record<string, unknown>, settle: () => Promise<void>): Promise<void> {
    try {
      await settle();
    } catch (err) {
      counts.left++;
      log('warn', 'payment reconciler could not settle a payment; trying again next run', { kind, ...ref, error: errorText(err) });
    }
  }
}
