import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { JobsService } from '../jobs/jobs.service';
import { BookingMovesService } from './booking-moves.service';
import { BookingPaymentSync } from './booking-payment-sync.service';

/** The queue of the daily bookings sweep. */
export const BOOKINGS_DAILY_JOB = 'bookings.daily';
/** Every day at 09:00 in the shop's zone (SHOP_TIME_ZONE): reminders arrive in the morning. */
const DAILY_CRON = '0 9 * * *';
/** The queue of the booking payments reconciler (BookingPaymentSync). */
export const BOOKINGS_RECONCILE_JOB = 'bookings.reconcile';
/** Every five minutes, cluster-wide. */
const RECONCILE_CRON = '*/5 * * * *';

/**
 * The balance reminders, through the job queue: once a day, cluster-wide (JobsService.schedule),
 * BookingMovesService.dueBalances moves every confirmed booking whose balance has fallen due to
 * balance due and e-mails its reminder, and completes bookings whose day has passed. A deposit
 * paid after the due day has come makes that move at once, in the payment's own transaction.
 * The booking payments reconciler (BookingPaymentSync) runs every five minutes the same way.
 * Decision: a sweep rather than one delayed job per booking, so a booking whose date, quote or
 * state changes never leaves a stale job behind, and a day the queue was down is caught up the next.
 */
@Injectable()
export class BookingJobsService implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly moves: BookingMovesService,
    private readonly payments: BookingPaymentSync,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work(BOOKINGS_DAILY_JOB, async () => {
      const done = await this.moves.dueBalances();
      if (done.completed || done.due) log('info', 'bookings sweep', { ...done });
    });
    await this.jobs.schedule(BOOKINGS_DAILY_JOB, DAILY_CRON);
    await this.jobs.work(BOOKINGS_RECONCILE_JOB, async () => void (await this.payments.reconcile()), { policy: 'stately', retryLimit: 0 });
    if (this.config.NODE_ENV === 'test') return; // tests reconcile on demand
    await this.jobs.schedule(BOOKINGS_RECONCILE_JOB, RECONCILE_CRON);
  }
}
