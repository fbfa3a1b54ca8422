import {
  BOOKING_DAY_TAKEN_STATES,
  type BlockedDay,
  type BookingAvailability,
  dayIn,
  daysOfMonth,
  firstBookableDay,
  type UnavailableReason,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { NotFoundError } from '../common/domain-errors';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { BookingBlockedDayEntity } from './booking-blocked-day.entity';
import { BookingSettingsService } from './booking-settings.service';

const TAKEN = BOOKING_DAY_TAKEN_STATES.map((s) => `'${s}'`).join(', ');

/**
 * Which days can be asked for. A day cannot be booked when it is today or past, inside the lead
 * time, blocked by the owner, or held by another booking (confirmed, balance due or completed: the
 * deposit was paid). "Today" is the shop's today (ShopTimeZoneService), never the server's.
 * Requests not yet paid for do not hold their day: the owner sees them as clashes instead.
 */
@Injectable()
export class BookingAvailabilityService {
  constructor(
    @InjectRepository(BookingBlockedDayEntity) private readonly blocked: Repository<BookingBlockedDayEntity>,
    private readonly shopTime: ShopTimeZoneService,
    private readonly settings: BookingSettingsService,
  ) {}

  /** The shop's zone and today. */
  async today(now = new Date()): Promise<{ timeZone: string; today: string }> {
    const timeZone = await this.shopTime.current();
    return { timeZone, today: dayIn(now, timeZone) };
  }

  async month(month: string, now = new Date()): Promise<BookingAvailability> {
    const [{ timeZone, today }, { leadTimeDays }] = await Promise.all([this.today(now), this.settings.get()]);
    const first = firstBookableDay(today, leadTimeDays);
    const days = daysOfMonth(month);
    const from = days[0];
    const to = days[days.length - 1];
    const taken = await this.takenDays(this.blocked.manager, from, to);
    const unavailable: BookingAvailability['unavailable'] = [];
    for (const date of days) {
      const reason: UnavailableReason | null = date <= today ? 'past' : date < first ? 'lead_time' : (taken.get(date) ?? null);
      if (reason) unavailable.push({ date, reason });
    }
    return { month, timeZone, today, firstBookableDay: first, leadTimeDays, unavailable };
  }

  /**
   * Why one day cannot be booked by a new request, or null when it can (lead time and past days
   * are the request schema's rule). With `manager`, read inside the caller's transaction.
   */
  async takenReason(manager: EntityManager, day: string): Promise<'blocked' | 'booked' | null> {
    return (await this.takenDays(manager, day, day)).get(day) ?? null;
  }

  /** Blocked days first (the owner's word), then days a paid booking holds. */
  private async takenDays(manager: EntityManager, from: string, to: string): Promise<Map<string, 'blocked' | 'booked'>> {
    const rows = await manager.query<Array<{ day: string; reason: 'blocked' | 'booked' }>>(
      `SELECT day::text AS day, 'blocked' AS reason FROM booking_blocked_days WHERE day BETWEEN $1 AND $2
       UNION ALL
       SELECT DISTINCT event_date::text, 'booked' FROM bookings WHERE event_date BETWEEN $1 AND $2 AND state IN (${TAKEN})`,
      [from, to],
    );
    const taken = new Map<string, 'blocked' | 'booked'>();
    for (const row of rows) if (!taken.has(row.day)) taken.set(row.day, row.reason);
    return taken;
  }

  // --- The owner's blocked days ----------------------------------------------------------------------

  /** A month's blocked days, or without a month every blocked day from today on. */
  async blockedDays(month: string | undefined): Promise<BlockedDay[]> {
    const qb = this.blocked.createQueryBuilder('b').orderBy('b.day', 'ASC');
    if (month) {
      const days = daysOfMonth(month);
      qb.where('b.day BETWEEN :from AND :to', { from: days[0], to: days[days.length - 1] });
    } else qb.where('b.day >= :today', { today: (await this.today()).today });
    return (await qb.getMany()).map(toBlockedDay);
  }

  /**
   * Blocks a day (again: its note is replaced). A booking already on that day is left alone (the
   * owner cancels it separately if need be); no new request can pick the day.
   */
  async block(day: string, note: string | null, actor: string): Promise<BlockedDay> {
    await this.blocked.query(
      `INSERT INTO booking_blocked_days (day, note, created_by) VALUES ($1, $2, $3) ON CONFLICT (day) DO UPDATE SET note = EXCLUDED.note`,
      [day, note, actor],
    );
    return toBlockedDay(await this.blocked.findOneByOrFail({ day }));
  }

  async unblock(day: string): Promise<void> {
    const result = await this.blocked.delete({ day });
    if (!result.affected) throw new NotFoundError('That day is not blocked', 'DAY_NOT_BLOCKED');
  }
}

function toBlockedDay(row: BookingBlockedDayEntity): BlockedDay {
  return { date: row.day, note: row.note, createdAt: row.createdAt.toISOString() };
}
