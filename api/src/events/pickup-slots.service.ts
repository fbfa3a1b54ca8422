import {
  bookablePickupSlots,
  dayIn,
  pausedMessage,
  type PickupSettings,
  type PickupSlotTime,
  pickupSlotTimes,
  type StopPickup,
  withinPickupDays,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { ProductsService } from '../catalogue/products.service';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { PickupSettingsService } from './pickup-settings.service';
import { PickupSlotClaim } from './pickup-slot-claim.entity';
import { ScheduledLocation } from './scheduled-location.entity';

type StopRow = Pick<ScheduledLocation, 'id' | 'date' | 'startTime' | 'endTime' | 'takesOrders'>;
type StopFacts = StopRow & Pick<ScheduledLocation, 'title' | 'location' | 'place'>;

/** Why a stop offers no pickup now, in the words a customer reads; null when it does. */
function closedReason(stop: StopRow, settings: PickupSettings, zone: string, now: Date, open: readonly PickupSlotTime[]): string | null {
  if (!stop.takesOrders) return 'This stop does not take orders ahead. Come and see us at the cart!';
  if (settings.paused) return pausedMessage(settings);
  if (!stop.startTime || !stop.endTime) return 'Pickup times for this stop are not set yet.';
  const day = dayIn(stop.date, zone);
  if (day < dayIn(now, zone)) return 'This stop is over.';
  if (!withinPickupDays(day, now, zone)) return 'Orders for this stop open 14 days before it.';
  if (open.length === 0) return 'Every pickup time at this stop is taken or past.';
  return null;
}

/**
 * Pickup times at the cart's stops (docs/order-ahead.md): the slots of a stop that takes orders,
 * each with the places it has left, and the claim a pickup order makes on one. The claim locks
 * the stop's row first, so claims on one stop follow each other on either database and a slot of
 * capacity N never takes N + 1 orders; it writes nothing when it refuses.
 */
@Injectable()
export class PickupSlotsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PickupSettingsService,
    private readonly zone: ShopTimeZoneService,
    private readonly products: ProductsService,
  ) {}

  /** What a customer may pick at this stop now, and the cart's menu (404 for no such stop); `asap` is the caller's to set. */
  async forStop(stopId: number, now = new Date()): Promise<StopPickup & { leadMinutes: number }> {
    const stop: StopFacts | null = await this.dataSource.getRepository(ScheduledLocation).findOne({
      where: { id: stopId },
      select: { id: true, date: true, startTime: true, endTime: true, takesOrders: true, title: true, location: true, place: { address: true } },
    });
    if (!stop) throw new NotFoundError('Stop not found', 'STOP_NOT_FOUND');
    const [settings, zone, menu] = await Promise.all([this.settings.get(), this.zone.current(), stop.takesOrders ? this.products.cartMenu() : []]);
    const bookable = this.bookable(stop, settings, zone, now);
    // Places are counted only where there are slots to offer; a full slot is not offered.
    const taken = bookable.length ? await this.taken(this.dataSource.manager, stopId) : new Map<number, number>();
    const open = bookable.map((slot) => ({ slot, left: settings.slotCapacity - (taken.get(slot.start.getTime()) ?? 0) })).filter(({ left }) => left > 0);
    const reason = closedReason(
      stop,
      settings,
      zone,
      now,
      open.map(({ slot }) => slot),
    );
    return {
      stopId,
      stop: { name: stop.location || stop.title, address: stop.place.address, date: dayIn(stop.date, zone), startTime: stop.startTime, endTime: stop.endTime },
      menu,
      takesOrders: stop.takesOrders,
      open: reason === null,
      reason,
      slotMinutes: settings.slotMinutes,
      slots: reason === null ? open.map(({ slot, left }) => ({ start: slot.start.toISOString(), end: slot.end.toISOString(), left })) : [],
      timeZone: zone,
      asap: null,
      leadMinutes: settings.leadMinutes,
    };
  }

  /**
   * Holds a place for `orderId` in the slot starting at `slotStart`, in the caller's transaction
   * (the order row is written first in it): `check`, then `record`.
   */
  async claim(m: EntityManager, claim: { stopId: number; slotStart: Date; orderId: string }, now = new Date()): Promise<void> {
    await this.check(m, claim, now);
    await this.record(m, claim);
  }

  /**
   * Locks the stop's row until the caller's transaction ends and checks that the slot starting at
   * `slotStart` takes one more order. Refuses with a 409 and a sentence the customer reads when the
   * stop does not take orders, the shop is paused, the time is not offered (past, too soon, not a
   * slot of this stop) or the slot is full. A checkout checks before it writes its order: the
   * order's row refers to the stop, and taking the stop's lock after that reference (a key-share
   * lock) would let two checkouts wait on each other.
   */
  async check(m: EntityManager, claim: { stopId: number; slotStart: Date }, now = new Date()): Promise<void> {
    const stop = await m
      .getRepository(ScheduledLocation)
      .createQueryBuilder('s')
      .select(['s.id', 's.date', 's.startTime', 's.endTime', 's.takesOrders'])
      .where('s.id = :id', { id: claim.stopId })
      .setLock('pessimistic_write')
      .getOne();
    if (!stop) throw new ConflictError('This stop is no longer on the schedule. Please pick another.', 'STOP_NOT_FOUND');
    const [settings, zone] = await Promise.all([this.settings.get(m), this.zone.current(m)]);
    const offered = this.bookable(stop, settings, zone, now);
    const reason = closedReason(stop, settings, zone, now, offered);
    if (reason !== null) throw new ConflictError(reason, settings.paused && stop.takesOrders ? 'ORDERS_PAUSED' : 'STOP_NOT_TAKING_ORDERS');
    if (!offered.some((slot) => slot.start.getTime() === claim.slotStart.getTime())) {
      throw new ConflictError('That pickup time is no longer offered. Please pick another.', 'SLOT_NOT_OFFERED');
    }
    const taken = (await this.taken(m, claim.stopId, claim.slotStart)).get(claim.slotStart.getTime()) ?? 0;
    if (taken >= settings.slotCapacity) throw new ConflictError('That pickup time just filled up. Please pick another.', 'SLOT_FULL');
  }

  /** The order's place, after `check` in the same transaction. */
  async record(m: EntityManager, claim: { stopId: number; slotStart: Date; orderId: string }): Promise<void> {
    await m.insert(PickupSlotClaim, { orderId: claim.orderId, stopId: claim.stopId, slotStart: claim.slotStart });
  }

  /** A stop's place as a pickup order's messages name it (its place name, else its title). */
  async placeOf(m: EntityManager, stopId: number): Promise<{ name: string; address: string | null }> {
    const stop = await m
      .getRepository(ScheduledLocation)
      .findOne({ where: { id: stopId }, select: { id: true, title: true, location: true, place: { address: true } } });
    return { name: stop?.location || stop?.title || 'the cart', address: stop?.place.address ?? null };
  }

  /** Whether there is such a stop. */
  exists(stopId: number): Promise<boolean> {
    return this.dataSource.getRepository(ScheduledLocation).exists({ where: { id: stopId } });
  }

  /** Whether the stop takes orders ahead (false for no such stop). */
  async takesOrders(stopId: number): Promise<boolean> {
    return this.dataSource.getRepository(ScheduledLocation).exists({ where: { id: stopId, takesOrders: true } });
  }

  /** The owner's switch: whether customers may order ahead for this stop. */
  async setTakesOrders(stopId: number, takesOrders: boolean): Promise<StopPickup> {
    const result = await this.dataSource.getRepository(ScheduledLocation).update({ id: stopId }, { takesOrders });
    if (!result.affected) throw new NotFoundError('Stop not found', 'STOP_NOT_FOUND');
    const { leadMinutes: _lead, ...pickup } = await this.forStop(stopId);
    return pickup;
  }

  /** The slots of the stop a customer may pick now, before counting places. */
  private bookable(stop: StopRow, settings: PickupSettings, zone: string, now: Date): PickupSlotTime[] {
    const day = dayIn(stop.date, zone);
    if (!stop.takesOrders || settings.paused || !withinPickupDays(day, now, zone)) return [];
    return bookablePickupSlots(
      pickupSlotTimes({ day, startTime: stop.startTime, endTime: stop.endTime }, zone, settings.slotMinutes),
      now,
      settings.leadMinutes,
    );
  }

  /** Places held per slot start (epoch ms) at the stop, or in one slot. */
  private async taken(m: EntityManager, stopId: number, slotStart?: Date): Promise<Map<number, number>> {
    const rows: { slot_start: Date | string; n: number }[] = await m.query(
      `SELECT slot_start, count(*)::int AS n FROM pickup_slot_claims WHERE stop_id = $1 ${slotStart ? 'AND slot_start = $2' : ''} GROUP BY slot_start`,
      slotStart ? [stopId, slotStart] : [stopId],
    );
    return new Map(rows.map((row) => [new Date(row.slot_start).getTime(), Number(row.n)]));
  }
}
