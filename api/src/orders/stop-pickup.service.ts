import { soldOutAtStop, type StopPickup } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { LiveService } from '../live/live.service';

/**
 * A stop's order-ahead answer as customers get it, one rule for GET /api/stops/:id/pickup
 * (PickupMenuController) and the stop's first screen (api/src/first-screen-data.ts): its open
 * pickup times and the cart's menu (PickupSlotsService.forStop), with the cart now laid over them.
 * A drink is marked sold out where the shop shows it out of stock or the owner's sold-out list on
 * the Live tab names it while the cart serves at this stop; while the cart serves there, "as soon
 * as possible" is the first open slot, with the time it should be ready. Read anew on every call:
 * places go as orders come.
 */
@Injectable()
export class StopPickupService {
  constructor(
    private readonly slots: PickupSlotsService,
    private readonly live: LiveService,
  ) {}

  /** What a customer may order at this stop now (NotFoundError for no such stop). */
  async forStop(stopId: number, now = new Date()): Promise<StopPickup> {
    const [{ leadMinutes, ...pickup }, live] = await Promise.all([this.slots.forStop(stopId, now), this.live.current()]);
    const serving = live.live && live.status === 'serving' && live.place?.stopId === pickup.stopId;
    const first = pickup.slots[0];
    return {
      ...pickup,
      menu: pickup.menu.map((item) => (item.soldOut || !soldOutAtStop(live, pickup.stopId, item.name) ? item : { ...item, soldOut: true })),
      asap:
        serving && first
          ? { slotStart: first.start, estimate: new Date(Math.max(now.getTime() + leadMinutes * 60_000, Date.parse(first.start))).toISOString() }
          : null,
    };
  }
}
