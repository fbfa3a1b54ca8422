import { MONEY_SETTINGS_DEFAULTS, percentOfCents, priceOrder } from './money';
import {
  bookablePickupSlots,
  pausedMessage,
  PICKUP_CODE_ALPHABET,
  PICKUP_MOVES,
  PICKUP_OPEN_STATES,
  PICKUP_PAUSED_DEFAULT_MESSAGE,
  pickupCodeOf,
  pickupSlotTimes,
  pickupTimeOf,
  withinPickupDays,
} from './pickup';
import { pickupContactSchema, pickupSettingsInputSchema } from './schemas/pickup.schema';

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

describe('pickup orders', () => {
  it('totals the drinks, the tax and the tip, without shipping: the tip is part of what is charged', () => {
    const lines = [
      { price: 4.5, quantity: 1 },
      { price: 5.25, quantity: 1 },
    ];
    const at = { place: { country: 'US' }, pickup: true, settings: MONEY_SETTINGS_DEFAULTS };
    expect(priceOrder({ lines, ...at, tipCents: percentOfCents(975, 15) })).toMatchObject({ subtotal: 975, shipping: 0, tax: 68, tip: 146, total: 1189 });
    expect(priceOrder({ lines, ...at, tipCents: 0 }).total).toBe(1043);
  });

  it('makes codes from the readable alphabet only: no 0/O or 1/I to mix up at the cart', () => {
    expect(PICKUP_CODE_ALPHABET).not.toMatch(/[01OI]/);
    const codes = Array.from({ length: 256 }, (_, b) => pickupCodeOf([b, 255 - b, (b * 7) % 256, (b * 13) % 256]));
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    expect(new Set(codes.map((c) => c[0])).size).toBe(PICKUP_CODE_ALPHABET.length);
  });

  it('moves the time to come by the delays, not the slot', () => {
    expect(pickupTimeOf('2026-11-22T16:00:00.000Z', 15).toISOString()).toBe('2026-11-22T16:15:00.000Z');
  });

  it('lets a move happen only along the declared states; the ended ones go nowhere', () => {
    expect(PICKUP_MOVES.placed).toContain('accepted');
    expect(PICKUP_MOVES.ready).toEqual(['picked_up', 'not_collected', 'cancelled']);
    for (const end of ['picked_up', 'cancelled', 'not_collected'] as const) expect(PICKUP_MOVES[end]).toEqual([]);
    for (const open of PICKUP_OPEN_STATES) expect(PICKUP_MOVES[open]).toContain('cancelled');
  });

  it('checks the pickup contact: a name and an e-mail or a phone, the phone kept in E.164', () => {
    const base = { stopId: 3, slotStart: '2026-11-22T16:00:00.000Z', name: ' Ada ' };
    expect(pickupContactSchema.parse({ ...base, phone: '(217) 555-0142' })).toEqual({ ...base, name: 'Ada', email: null, phone: '+12175550142' });
    expect(pickupContactSchema.parse({ ...base, email: 'Ada@Example.com' }).email).toBe('ada@example.com');
    const messages = (input: unknown) => pickupContactSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages(base)).toEqual(['Give an e-mail or a phone number so we can tell you it is ready']);
    expect(messages({ ...base, phone: '12' })).toEqual(['Enter a phone number we can reach, e.g. (217) 555-0142']);
    expect(messages({ ...base, slotStart: 'soon', email: 'a@b.co' })).toEqual(['Choose a pickup time']);
  });
});
