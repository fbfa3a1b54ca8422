import { bookablePickupSlots, pausedMessage, PICKUP_PAUSED_DEFAULT_MESSAGE, pickupSlotTimes, withinPickupDays } from './pickup';
import { pickupSettingsInputSchema } from './schemas/pickup.schema';

const CHICAGO = 'America/Chicago';
const iso = (slots: { start: Date; end: Date }[]) => slots.map((s) => `${s.start.toISOString()}/${s.end.toISOString()}`);

describe('pickup slots', () => {
  it('cuts a stop into slots of the set length in the shop zone, the last one ending with the stop', () => {
    // 10:00-11:10 in Chicago on a summer day (UTC-5).
    const slots = pickupSlotTimes({ day: '2026-07-04', startTime: '10:00', endTime: '11:10' }, CHICAGO, 15);
    expect(iso(slots)).toEqual([
      '2026-07-04T15:00:00.000Z/2026-07-04T15:15:00.000Z',
      '2026-07-04T15:15:00.000Z/2026-07-04T15:30:00.000Z',
      '2026-07-04T15:30:00.000Z/2026-07-04T15:45:00.000Z',
      '2026-07-04T15:45:00.000Z/2026-07-04T16:00:00.000Z',
      '2026-07-04T16:00:00.000Z/2026-07-04T16:10:00.000Z',
    ]);
  });

  it('gives the same instants whatever zone the computer runs in (the shop zone decides)', () => {
    const winter = pickupSlotTimes({ day: '2026-12-06', startTime: '18:00', endTime: '18:30' }, CHICAGO, 15);
    expect(iso(winter)).toEqual(['2026-12-07T00:00:00.000Z/2026-12-07T00:15:00.000Z', '2026-12-07T00:15:00.000Z/2026-12-07T00:30:00.000Z']);
  });

  it('keeps real minutes on the day the clocks spring forward', () => {
    // 2026-03-08: Chicago goes from 02:00 CST to 03:00 CDT. 01:30-03:30 wall is one real hour.
    const slots = pickupSlotTimes({ day: '2026-03-08', startTime: '01:30', endTime: '03:30' }, CHICAGO, 30);
    expect(iso(slots)).toEqual(['2026-03-08T07:30:00.000Z/2026-03-08T08:00:00.000Z', '2026-03-08T08:00:00.000Z/2026-03-08T08:30:00.000Z']);
  });

  it('runs an evening market past midnight into the next day', () => {
    const slots = pickupSlotTimes({ day: '2026-07-04', startTime: '23:30', endTime: '00:30' }, CHICAGO, 30);
    expect(iso(slots)).toEqual(['2026-07-05T04:30:00.000Z/2026-07-05T05:00:00.000Z', '2026-07-05T05:00:00.000Z/2026-07-05T05:30:00.000Z']);
  });

  it('offers no slots for an all-day stop or a slot length outside the rules', () => {
    expect(pickupSlotTimes({ day: '2026-07-04', startTime: null, endTime: null }, CHICAGO, 15)).toEqual([]);
    expect(pickupSlotTimes({ day: '2026-07-04', startTime: '10:00', endTime: null }, CHICAGO, 15)).toEqual([]);
    expect(pickupSlotTimes({ day: '2026-07-04', startTime: '10:00', endTime: '12:00' }, CHICAGO, 0)).toEqual([]);
  });

  it('offers only the slots that start after the lead time', () => {
    const slots = pickupSlotTimes({ day: '2026-07-04', startTime: '10:00', endTime: '11:00' }, CHICAGO, 15);
    // 10:05 in Chicago, 20 minutes to make the order: 10:30 is the first.
    const bookable = bookablePickupSlots(slots, new Date('2026-07-04T15:05:00Z'), 20);
    expect(bookable.map((s) => s.start.toISOString())).toEqual(['2026-07-04T15:30:00.000Z', '2026-07-04T15:45:00.000Z']);
    expect(bookablePickupSlots(slots, new Date('2026-07-04T15:45:01Z'), 0)).toEqual([]);
  });

  it('takes orders from today to 14 days ahead, days counted in the shop zone', () => {
    // 03:00 UTC on 12-06 is still 12-05 evening in Chicago.
    const now = new Date('2026-12-06T03:00:00Z');
    expect(withinPickupDays('2026-12-05', now, CHICAGO)).toBe(true);
    expect(withinPickupDays('2026-12-04', now, CHICAGO)).toBe(false);
    expect(withinPickupDays('2026-12-19', now, CHICAGO)).toBe(true);
    expect(withinPickupDays('2026-12-20', now, CHICAGO)).toBe(false);
  });
});

describe('pickup settings', () => {
  it('accepts the owner rules and says which field is wrong', () => {
    const ok = pickupSettingsInputSchema.parse({ slotMinutes: 15, slotCapacity: 10, leadMinutes: 20, paused: true, pausedMessage: '  ' });
    expect(ok.pausedMessage).toBeNull();
    expect(pausedMessage(ok)).toBe(PICKUP_PAUSED_DEFAULT_MESSAGE);
    const bad = pickupSettingsInputSchema.safeParse({ slotMinutes: 2, slotCapacity: 0, leadMinutes: 20, paused: false, pausedMessage: null });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Slot length (minutes) must be at least 5', 'Orders per slot must be at least 1']);
    expect(pickupSettingsInputSchema.safeParse({ slotMinutes: 15, slotCapacity: 10, leadMinutes: 20, paused: false, extra: 1 }).success).toBe(false);
  });
});
