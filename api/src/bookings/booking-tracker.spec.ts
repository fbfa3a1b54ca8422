import { adminBookingDetailSchema, noonOf, type ScheduledEvent } from '@cocoa/shared-types';
import { eventually } from '../test/eventually';
import { useGeocoderApp } from '../test/geocoder-double';
import { useBookingDesk } from '../test/booking-desk';
import { TEST_ADMIN, type TestAgent } from '../test/test-app';
import { insertPackage, payBooking, type Requested, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';

describe('event booking on the tracker', () => {
  const { t, admin, pkg, accept } = useBookingDesk({}, { name: 'Iced & Shake Bar' });
  let zeroDeposit: { id: number; name: string };

  beforeAll(async () => {
    zeroDeposit = await insertPackage(t.dataSource, { name: 'Cocoa on the House', depositPercent: 0 });
  });

  let nextDays = 40;
  const book = async (packageId = pkg.id, days = nextDays++): Promise<Requested & { day: string }> => {
    const day = shopDay(days);
    return { ...(await requestBooking(t, requestBody(packageId, { date: day }))), day };
  };
  const pay = (b: Requested) => payBooking(t, b);
  const setTracker = (b: Requested, tracker: unknown) => admin.put(`/api/admin/bookings/${b.id}/tracker`).send({ tracker });
  /** The public schedule from the booking's day on, as the tracker reads it (anonymous, through the public answer cache). */
  const stopsFrom = async (day: string): Promise<ScheduledEvent[]> => {
    const res = await t.agent().get('/api/events').query({ from: day });
    expect(res.status).toBe(200);
    return res.body as ScheduledEvent[];
  };
  /** One stop of the public schedule by id (from today on), or undefined when it is not there. */
  const stopById = async (id: number | null): Promise<ScheduledEvent | undefined> =>
    id === null ? undefined : (await stopsFrom(shopDay(0))).find((e) => e.id === id);
  const detail = async (b: Requested) => adminBookingDetailSchema.parse((await admin.get(`/api/admin/bookings/${b.id}`)).body);
  const confirmedWith = async (tracker: string) => {
    const b = await book();
    expect((await accept(b, { tracker })).status).toBe(200);
    // Accepted, not yet paid: nothing on the schedule.
    expect((await detail(b)).stopId).toBeNull();
    expect((await pay(b)).status).toBe(200);
    return b;
  };

  it('a public booking shows once its deposit is paid: the package’s name, the venue, its address, the day and times', async () => {
    const b = await confirmedWith('public');
    const d = await detail(b);
    expect(d).toMatchObject({ state: 'confirmed', tracker: 'public', stopId: expect.any(Number) });
    const stop = (await stopsFrom(b.day)).find((e) => e.id === d.stopId);
    expect(stop).toMatchObject({
      title: 'Iced & Shake Bar',
      location: 'Lakeside Pavilion',
      address: '1200 Lake Shore Drive, Springfield, IL 62712',
      startTime: '18:00',
      endTime: '21:00',
    });
    // The stop's day is the booking's day, stored as noon of it in the shop's zone, as the owner's stops are.
    expect(stop?.date).toBe(noonOf(b.day, stop?.timeZone ?? '').toISOString());
  });

  it('gives the customer a pre-order link for the guests while the booking’s stop takes orders ahead', async () => {
    const b = await confirmedWith('public');
    const { stopId } = await detail(b);
    const view = async () => (await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body.preorderPath as string | null;
    expect(await view()).toBeNull();
    expect((await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: true })).status).toBe(200);
    expect(await view()).toBe(`/stops/${stopId}`);
    expect((await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: false })).status).toBe(200);
    expect(await view()).toBeNull();
  });

  it('a private booking shows as “Private event”, with no place', async () => {
    const b = await confirmedWith('private');
    const stop = await stopById((await detail(b)).stopId);
    expect(stop).toMatchObject({ title: 'Private event', location: null, address: null, description: null, startTime: '18:00', endTime: '21:00' });
  });

  it('by default (no choice when accepting) nothing shows', async () => {
    const b = await book();
    expect((await accept(b)).status).toBe(200);
    expect((await pay(b)).status).toBe(200);
    expect(await detail(b)).toMatchObject({ state: 'confirmed', tracker: 'none', stopId: null });
  });

  it('a quote with no deposit confirms at once and shows at once', async () => {
    const b = await book(zeroDeposit.id);
    const res = await accept(b, { tracker: 'public' });
    expect(res.body).toMatchObject({ state: 'confirmed', tracker: 'public' });
    expect(await stopById(res.body.stopId)).toMatchObject({ title: 'Cocoa on the House', location: 'Lakeside Pavilion' });
  });

  it('cancelling the booking removes its stop', async () => {
    const b = await confirmedWith('public');
    const { stopId } = await detail(b);
    expect(await stopById(stopId)).toBeDefined();
    const cancelled = await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 0, message: 'The venue closed.' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', stopId: null });
    expect(await stopById(stopId)).toBeUndefined();
    expect(await t.dataSource.query('SELECT id FROM scheduled_locations WHERE id = $1', [stopId])).toEqual([]);
  });

  it('changing the choice later: public → private changes the stop in place, → none removes it, → public adds it again', async () => {
    const b = await confirmedWith('public');
    const { stopId } = await detail(b);

    const toPrivate = await setTracker(b, 'private');
    expect(toPrivate.status).toBe(200);
    expect(toPrivate.body).toMatchObject({ tracker: 'private', stopId });
    expect(await stopById(stopId)).toMatchObject({ title: 'Private event', location: null, address: null });

    const hidden = await setTracker(b, 'none');
    expect(hidden.body).toMatchObject({ tracker: 'none', stopId: null });
    expect(await stopById(stopId)).toBeUndefined();

    const shown = await setTracker(b, 'public');
    expect(shown.body).toMatchObject({ tracker: 'public', stopId: expect.any(Number) });
    expect(await stopById(shown.body.stopId)).toMatchObject({ title: 'Iced & Shake Bar' });
    expect((await detail(b)).events.filter((e) => e.type === 'tracker-changed')).toHaveLength(3);
  });

  it('a choice made before the deposit only takes effect when the booking is confirmed', async () => {
    const b = await book();
    expect((await accept(b)).status).toBe(200);
    expect((await setTracker(b, 'private')).body).toMatchObject({ state: 'awaiting_deposit', tracker: 'private', stopId: null });
    expect((await pay(b)).status).toBe(200);
    expect(await stopById((await detail(b)).stopId)).toMatchObject({ title: 'Private event' });
  });

  it('refuses a choice that is not one (400), and any choice on a declined booking (409), changing nothing', async () => {
    const b = await confirmedWith('public');
    const before = await databaseSnapshot(t.dataSource);
    const bad = await setTracker(b, 'everyone');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tracker must be one of none, public, private');
    expect((await admin.put(`/api/admin/bookings/${b.id}/tracker`).send({})).status).toBe(400);
    expect((await admin.put(`/api/admin/bookings/${b.id}/tracker`).send({ tracker: 'public', extra: 1 })).status).toBe(400);
    expect((await admin.put('/api/admin/bookings/999999/tracker').send({ tracker: 'public' })).status).toBe(404);
    expect((await t.agent().put(`/api/admin/bookings/${b.id}/tracker`).send({ tracker: 'none' })).status).toBe(401);
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    const declined = await book();
    expect((await accept(declined, { tracker: 'loud' })).status).toBe(400);
    await admin.post(`/api/admin/bookings/${declined.id}/decline`).send({ message: 'Fully booked, sorry.' });
    const snapshot = await databaseSnapshot(t.dataSource);
    const refused = await setTracker(declined, 'public');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `Booking ${declined.reference} is declined: it cannot show on the tracker`, code: 'BOOKING_STATE_CONFLICT' });
    expect(await databaseSnapshot(t.dataSource)).toBe(snapshot);
  });

  it('a booking’s stop cannot be edited or deleted through the schedule (409, nothing changed): it follows the booking', async () => {
    const b = await confirmedWith('public');
    const { stopId } = await detail(b);
    const before = await databaseSnapshot(t.dataSource);
    const edit = await admin.put(`/api/events/${stopId}`).send({
      title: 'Renamed',
      description: null,
      location: 'Elsewhere',
      address: '1 Main St',
      date: new Date().toISOString(),
      startTime: '10:00',
      endTime: '11:00',
      latitude: null,
      longitude: null,
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({
      message: `This stop shows booking ${b.reference}: change or cancel the booking, or its "Show on the tracker" choice, in Bookings`,
      code: 'LOCATION_MANAGED_BY_BOOKING',
    });
    expect((await admin.delete(`/api/events/${stopId}`)).status).toBe(409);
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    expect(await stopById(stopId)).toMatchObject({ title: 'Iced & Shake Bar' });
  });
});

describe('a booking stop’s pin on the map', () => {
  let admin: TestAgent;
  const asked: string[] = [];
  // Nominatim's answer shape (jsonv2): coordinates as strings.
  const t = useGeocoderApp((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '');
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify([{ lat: '39.7817', lon: '-89.6501', display_name: 'Lakeside Pavilion, Springfield' }]));
  });

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const stop = async (id: number) =>
    (
      (
        await t
          .agent()
          .get('/api/events')
          .query({ from: shopDay(0) })
      ).body as ScheduledEvent[]
    ).find((e) => e.id === id);

  it('a public stop is geocoded from the venue’s address by the job queue; made private it loses the pin at once', async () => {
    const pkg = await insertPackage(t.dataSource, { name: 'Hot Cocoa Bar' });
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(45) }));
    expect((await admin.post(`/api/admin/bookings/${b.id}/accept`).send({ tracker: 'public' })).status).toBe(200);
    expect((await payBooking(t, b)).status).toBe(200);
    const { stopId } = adminBookingDetailSchema.parse((await admin.get(`/api/admin/bookings/${b.id}`)).body);
    if (stopId === null) throw new Error('the confirmed public booking has no stop');

    const pinned = await eventually(async () => {
      const found = await stop(stopId);
      return found?.latitude != null ? found : undefined;
    }, 'the stop’s coordinates');
    expect(pinned).toMatchObject({ latitude: 39.7817, longitude: -89.6501, address: '1200 Lake Shore Drive, Springfield, IL 62712' });
    expect(asked).toEqual(['1200 Lake Shore Drive, Springfield, IL 62712']);

    // Private: no place, and no pin left at the venue.
    expect((await admin.put(`/api/admin/bookings/${b.id}/tracker`).send({ tracker: 'private' })).status).toBe(200);
    expect(await stop(stopId)).toMatchObject({ title: 'Private event', address: null, latitude: null, longitude: null });
    const rows: { latitude: number | null }[] = await t.dataSource.query('SELECT latitude FROM scheduled_locations WHERE id = $1', [stopId]);
    expect(rows).toEqual([{ latitude: null }]);
  });
});
