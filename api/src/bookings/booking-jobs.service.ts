import { Injectable, type OnModuleInit } from '@nestjs/common';
import { log } from '../common/logger';
import { JobsService } from '../jobs/jobs.service';
import { BookingMovesService } from './booking-moves.service';

/** The queue of the daily bookings sweep. */
export const BOOKINGS_DAILY_JOB = 'bookings.daily';
/** Every day at 09:00 in the shop's zone (SHOP_TIME_ZONE): reminders arrive in the morning. */
const DAILY_CRON = '0 9 * * *';

/**
 * The balance reminders, through the job queue: once a day, cluster-wide (JobsService.schedule),
 * BookingMovesService.dueBalances moves every confirmed booking whose balance has fallen due to
 * balance due and e-mails its reminder, and completes bookings whose day has passed. A deposit
 * paid after the due day has come makes that move at once, in the payment's own transaction.
 * Decision: a sweep rather than one delayed job per booking, so a booking whose date, quote or
 * state changes never leaves a stale job behind, and a day the queue was down is caught up the next.
 */
@Injectable()
export class BookingJobsService implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly moves: BookingMovesService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work(BOOKINGS_DAILY_JOB, async () => {
      const done = await this.moves.dueBalances();
      if (done.completed || done.due) log('info', 'bookings sweep', { ...done });
    });
    await this.jobs.schedule(BOOKINGS_DAILY_JOB, DAILY_CRON);
  }
}
