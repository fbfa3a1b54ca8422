import { DEFAULT_SHOP_TIME_ZONE, noonOf, type ScheduledEvent, scheduledEventSchema } from '@cocoa/shared-types';
import { useGeocoderApp } from '../test/geocoder-double';
import { TEST_ADMIN, type TestAgent } from '../test/test-app';

describe('admin POST/PUT/DELETE /api/events', () => {
  let geocoderCalls = 0;
  const t = useGeocoderApp((req, res) => {
    geocoderCalls++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([{ lat: '39.7817', lon: '-89.6501', display_name: 'Springfield' }]));
  });
  let admin: TestAgent;
  let customer: TestAgent;
  // Noon of the chosen day in the shop's zone, as a tablet in that zone sends it.
  const date = noonOf('2026-12-12', DEFAULT_SHOP_TIME_ZONE).toISOString();
  const valid = {
    title: 'Winter Fair',
    location: 'Town Hall',
    address: '1 Main St, Springfield, IL',
    date,
    description: 'Cocoa and cookies',
    startTime: '10:00',
    endTime: '16:30',
    latitude: 39.8,
    longitude: -89.65,
  };
  const count = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM scheduled_locations'))[0].n);

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const reg = await t.agent().post('/api/register').send({ username: 'eventfan', email: 'fan@example.com', password: 'fan-pass-123' });
    expect(reg.status).toBe(201);
    customer = await t.signedIn('eventfan', 'fan-pass-123');
  });

  it('401 anonymous, 403 customer, and nothing changes', async () => {
    const before = await count();
    const [first] = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    for (const client of [t.agent(), customer]) {
      const expected = client === customer ? 403 : 401;
      expect((await client.post('/api/events').send(valid)).status).toBe(expected);
      expect((await client.put(`/api/events/${first.id}`).send(valid)).status).toBe(expected);
      expect((await client.delete(`/api/events/${first.id}`)).status).toBe(expected);
    }
    expect(await count()).toBe(before);
    const [again] = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    expect(again).toEqual(first);
  });

  it('creates, updates and deletes a location; the public list follows', async () => {
    const created = await admin.post('/api/events').send(valid);
    expect(created.status).toBe(201);
    const event = scheduledEventSchema.strict().parse(created.body);
    expect(event).toMatchObject({ ...valid, id: expect.any(Number), timeZone: DEFAULT_SHOP_TIME_ZONE });

    const listed = (await t.agent().get('/api/events').query({ from: '2026-12-01', to: '2027-01-01' })).body as ScheduledEvent[];
    expect(listed.find((e) => e.id === event.id)).toEqual(event);

    const updated = await admin.put(`/api/events/${event.id}`).send({ ...valid, title: 'Winter Fair (moved)', startTime: '', endTime: null, description: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: event.id, title: 'Winter Fair (moved)', startTime: null, endTime: null, description: null });

    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(404);
    expect((await admin.put(`/api/events/${event.id}`).send(valid)).body.message).toBe('Location not found');
  });

  it("stores the day as noon in the shop's zone, whatever instant of that day the form sends", async () => {
    // 9 AM and 11 PM in Chicago on December 12 are both December 12 for the shop.
    for (const sent of ['2026-12-12T15:00:00.000Z', '2026-12-13T05:00:00.000Z', '2026-12-12T08:00:00-06:00']) {
      const created = await admin.post('/api/events').send({ ...valid, date: sent });
      expect(created.status).toBe(201);
      expect(created.body.date).toBe('2026-12-12T18:00:00.000Z');
      expect((await admin.delete(`/api/events/${created.body.id}`)).status).toBe(204);
    }
  });

  it('geocodes the address when the form sends no coordinates', async () => {
    const before = geocoderCalls;
    const res = await admin.post('/api/events').send({ ...valid, address: '100 State St, Springfield, IL', latitude: null, longitude: undefined });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ latitude: 39.7817, longitude: -89.6501 });
    expect(geocoderCalls).toBe(before + 1);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ location: ' ' }, 'Location name is required'],
    [{ address: undefined }, 'Full address is required'],
    [{ date: '' }, 'Date is required'],
    [{ date: '2026-12-12' }, 'Date is required'],
    [{ startTime: '25:00' }, 'Time must be HH:MM'],
    [{ endTime: '9am' }, 'Time must be HH:MM'],
    [{ latitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ longitude: '-89' }, 'longitude: Invalid input: expected number, received string'],
    [{ color: 'red' }, 'Unknown field: color'],
    [{ title: 'x'.repeat(201) }, 'Too big: expected string to have <=200 characters'],
  ] as [Record<string, unknown>, string][])('400 for %j, nothing stored', async (over, message) => {
    const before = await count();
    const body = Object.fromEntries(Object.entries({ ...valid, ...over }).filter(([, v]) => v !== undefined));
    const res = await admin.post('/api/events').send(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (!message.startsWith('Too big')) expect(res.body.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('400 for a bad id or body on PUT and DELETE, nothing changed', async () => {
    const [first] = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    for (const id of ['abc', '1e3', '0', '99999999999']) {
      expect((await admin.put(`/api/events/${id}`).send(valid)).status).toBe(400);
      expect((await admin.delete(`/api/events/${id}`)).status).toBe(400);
    }
    const bad = await admin.put(`/api/events/${first.id}`).send({ ...valid, title: '' });
    expect(bad.status).toBe(400);
    expect((await admin.put(`/api/events/${first.id}`).set('Content-Type', 'application/json').send('[]')).status).toBe(400);
    const [again] = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    expect(again).toEqual(first);
  });

  it('answers the tile template of TILE_URL publicly', async () => {
    const res = await t.agent().get('/api/events/map-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap'), maxZoom: 20 });
  });
});
