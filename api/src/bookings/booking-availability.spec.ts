import { bookingRequestSchema } from '@cocoa/shared-types';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingsService } from './bookings.service';
import { insertPackage, requestBody } from './bookings.fixtures';

// npm test runs this file with TZ=UTC and TZ=Pacific/Auckland too: nothing may read the server's zone.

/** 22:30 on Sunday May 31, 2026 in Chicago (CDT), already Monday June 1 in UTC and in Auckland. */
const LATE_EVENING = new Date('2026-06-01T03:30:00Z');

describe('booking availability, in the shop’s time zone', () => {
  const t = useTestApp({ SHOP_TIME_ZONE: 'America/Chicago' });
  let availability: BookingAvailabilityService;
  let admin: TestAgent;

  beforeAll(async () => {
    availability = t.app.get(BookingAvailabilityService);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const reasons = async (month: string, now = LATE_EVENING) =>
    Object.fromEntries((await availability.month(month, now)).unavailable.map((d) => [d.date, d.reason]));

  it('counts today and the 7-day lead time from the shop’s day, not the server’s', async () => {
    const june = await availability.month('2026-06', LATE_EVENING);
    expect(june).toMatchObject({ month: '2026-06', timeZone: 'America/Chicago', today: '2026-05-31', firstBookableDay: '2026-06-07', leadTimeDays: 7 });
    const byDay = await reasons('2026-06');
    // June 1 is tomorrow in the shop, so it is inside the lead time (not past) whatever the server's clock says.
    expect(['01', '02', '03', '04', '05', '06'].map((d) => byDay[`2026-06-${d}`])).toEqual(Array(6).fill('lead_time'));
    expect(byDay['2026-06-07']).toBeUndefined();
    const may = await reasons('2026-05');
    expect(Object.keys(may)).toHaveLength(31);
    expect(may['2026-05-31']).toBe('past');
  });

  it('marks the days the owner blocked and the days a paid booking holds; an unpaid request holds nothing', async () => {
    const pkg = await insertPackage(t.dataSource);
    await t.dataSource.query(`INSERT INTO booking_blocked_days (day, note, created_by) VALUES ('2026-06-12', 'Holiday', 'admin:admin')`);
    const insert = (day: string, state: string, reference: string) =>
      t.dataSource.query(
        `INSERT INTO bookings (reference, token_nonce, state, package_id, package_name, event_date, start_time, end_time, guests, venue_name, venue_address, contact_name, contact_email, contact_phone, quote_cents, deposit_percent, deposit_cents, balance_cents)
         VALUES ($1, 'n', $2, $3, 'P', $4, '18:00', '21:00', 40, 'V', 'A', 'N', 'e@example.com', '+12175550142', 40000, 25, 10000, 30000)`,
        [reference, state, pkg.id, day],
      );
    await insert('2026-06-13', 'confirmed', 'CB-AAAA');
    await insert('2026-06-14', 'balance_due', 'CB-AAAB');
    await insert('2026-06-15', 'requested', 'CB-AAAC');
    await insert('2026-06-16', 'awaiting_deposit', 'CB-AAAD');
    await insert('2026-06-17', 'cancelled', 'CB-AAAE');
    await insert('2026-06-12', 'confirmed', 'CB-AAAF');
    const byDay = await reasons('2026-06');
    expect([12, 13, 14, 15, 16, 17].map((d) => byDay[`2026-06-${d}`] ?? 'free')).toEqual(['blocked', 'booked', 'booked', 'free', 'free', 'free']);
  });

  it('follows the zone the owner saves in Settings (Auckland is a day ahead at that instant)', async () => {
    expect((await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: 'Pacific/Auckland' })).status).toBe(200);
    try {
      expect(await availability.month('2026-06', LATE_EVENING)).toMatchObject({
        timeZone: 'Pacific/Auckland',
        today: '2026-06-01',
        firstBookableDay: '2026-06-08',
      });
      expect((await reasons('2026-06'))['2026-06-01']).toBe('past');
    } finally {
      await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: 'America/Chicago' });
    }
  });

  it('takes a request for the shop’s tomorrow while the server’s clock is already on that day (lead time 0)', async () => {
    await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 0, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14 });
    try {
      const pkg = await insertPackage(t.dataSource);
      const bookings = t.app.get(BookingsService);
      const created = await bookings.create(bookingRequestSchema.parse(requestBody(pkg.id, { date: '2026-06-01' })), undefined, LATE_EVENING);
      expect(created.booking).toMatchObject({ date: '2026-06-01', state: 'requested' });
      await expect(bookings.create(bookingRequestSchema.parse(requestBody(pkg.id, { date: '2026-05-31' })), undefined, LATE_EVENING)).rejects.toThrow(
        'Please choose a future date',
      );
    } finally {
      await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14 });
    }
  });
});
