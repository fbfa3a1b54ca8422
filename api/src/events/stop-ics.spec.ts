import { instantOf } from '@cocoa/shared-types';
import ICAL from 'ical.js';
import { insertPackage, payBooking, requestBody, requestBooking, shopDay } from '../bookings/bookings.fixtures';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';

/** The one VEVENT of a single-stop calendar, read back by ical.js. */
function onlyEvent(text: string): ICAL.Event {
  const calendar = new ICAL.Component(ICAL.parse(text) as never);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]);
}

describe('GET /api/events/:id/calendar.ics: one stop to add to a calendar', () => {
  const t = useTestApp({ PUBLIC_URL: 'http://cocoa.example.com' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('writes the stop as the published feed does: its title, place, shop-zone times as UTC instants, pin and tracker link', async () => {
    const day = shopDay(20);
    const created = await admin.post('/api/events').send({
      title: 'Farmers Market',
      location: 'Millennium Park',
      address: '201 E Randolph St, Chicago, IL',
      date: `${day}T12:00:00-06:00`,
      startTime: '11:00',
      endTime: '15:30',
      description: 'Iced mochas all day',
      latitude: 41.8826,
      longitude: -87.6226,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const res = await t.agent().get(`/api/events/${id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cocoa-stop.ics"');
    const event = onlyEvent(res.text);
    expect(event.uid).toBe(`scheduled-location-${id}@cocoa.example.com`);
    expect(event.summary).toBe('Farmers Market');
    expect(event.description).toBe('Iced mochas all day');
    expect(event.location).toBe('Millennium Park, 201 E Randolph St, Chicago, IL');
    const [y, m, d] = day.split('-').map(Number);
    expect(event.startDate.toJSDate().toISOString()).toBe(instantOf({ year: y, month: m, day: d, hour: 11, minute: 0 }, 'America/Chicago').toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(instantOf({ year: y, month: m, day: d, hour: 15, minute: 30 }, 'America/Chicago').toISOString());
    expect(event.component.getFirstPropertyValue('geo')).toEqual([41.8826, -87.6226]);
    expect(event.component.getFirstPropertyValue('url')).toBe(`http://cocoa.example.com/cocoa-tracker?stop=${id}`);
  });

  it('gives a private booking’s stop no place', async () => {
    const pkg = await insertPackage(t.dataSource, { name: 'Iced & Shake Bar' });
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(45) }));
    expect((await admin.post(`/api/admin/bookings/${b.id}/accept`).send({ tracker: 'private' })).status).toBe(200);
    expect((await payBooking(t, b)).status).toBe(200);
    const stopId = (await admin.get(`/api/admin/bookings/${b.id}`)).body.stopId as number;
    expect(stopId).toEqual(expect.any(Number));

    const res = await t.agent().get(`/api/events/${stopId}/calendar.ics`);
    expect(res.status).toBe(200);
    const event = onlyEvent(res.text);
    expect(event.summary).toBe('Private event');
    expect(event.location).toBeNull();
    expect(event.component.getFirstPropertyValue('geo')).toBeNull();
    expect(res.text).not.toContain('Lakeside Pavilion');
  });

  it('answers 404 for a stop that is not there and 400 for an id that is not one', async () => {
    const missing = await t.agent().get('/api/events/99999999/calendar.ics');
    expect([missing.status, missing.body.message]).toEqual([404, 'Location not found']);
    // An error is JSON like any other, and not cached as a calendar.
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['content-disposition']).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
    const bad = await t.agent().get('/api/events/abc/calendar.ics');
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining('Id must be a whole number')]);
  });
});
