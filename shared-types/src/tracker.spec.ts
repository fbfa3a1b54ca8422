import { eventInquirySchema } from './schemas/event-inquiry.schema';
import { calendarIdSchema } from './schemas/calendar.schema';
import {
  addMonths,
  averagePosition,
  dayKey,
  directionsUrl,
  distanceKm,
  eventDays,
  eventsInMonth,
  eventsOnDay,
  MAP_DEFAULT_CENTER,
  mapViewFor,
  monthGrid,
  monthRange,
  upcomingNearest,
} from './tracker';

const at = (day: string, latitude: number | null, longitude: number | null, title = day) => ({
  title,
  date: new Date(`${day}T12:00:00`).toISOString(),
  latitude,
  longitude,
});

describe('tracker map centring', () => {
  const month = [
    at('2026-11-06', 40, -74, 'NY'),
    at('2026-11-13', null, null, 'No coords'),
    at('2026-11-13', 38, -122, 'SF'),
    at('2026-11-22', 42, -88, 'Chicago'),
  ];

  it('centres on the chosen day’s first located event at zoom 13', () => {
    expect(mapViewFor(month, '2026-11-13')).toEqual({ center: [38, -122], zoom: 13 });
    expect(mapViewFor(month, '2026-11-22')).toEqual({ center: [42, -88], zoom: 13 });
  });

  it('falls back to the month’s average at zoom 10 when the day has no located event', () => {
    const view = mapViewFor(month, '2026-11-01');
    expect(view.zoom).toBe(10);
    expect(view.center[0]).toBeCloseTo(40);
    expect(view.center[1]).toBeCloseTo(-94.6667, 3);
    expect(mapViewFor(month, null).zoom).toBe(10);
  });

  it('uses about 39.83, -98.58 at zoom 11 when nothing is located', () => {
    expect(mapViewFor([], null)).toEqual({ center: [39.83, -98.58], zoom: 11 });
    expect(mapViewFor([at('2026-11-02', null, null), at('2026-11-03', 91, 0), at('2026-11-04', Number.NaN, 3)], '2026-11-02')).toEqual({
      center: MAP_DEFAULT_CENTER,
      zoom: 11,
    });
  });

  it('averages only valid coordinates', () => {
    expect(averagePosition([at('2026-11-01', 10, 20), at('2026-11-02', 200, 20), at('2026-11-03', 30, 40)])).toEqual([20, 30]);
    expect(averagePosition([])).toBeNull();
  });
});

describe('tracker days and months', () => {
  it('keys dates by the local day', () => {
    expect(dayKey(new Date(2026, 10, 2, 23, 59))).toBe('2026-11-02');
    expect(dayKey('nonsense')).toBe('');
  });

  it('picks the events of a day and of a month, and the outlined days', () => {
    const events = [at('2026-11-06', 1, 1), at('2026-12-01', 1, 1), at('2026-11-30', 1, 1)];
    expect(eventsOnDay(events, '2026-11-06')).toEqual([events[0]]);
    expect(eventsInMonth(events, '2026-11')).toEqual([events[0], events[2]]);
    expect([...eventDays(events)]).toEqual(['2026-11-06', '2026-12-01', '2026-11-30']);
  });

  it('lays out a month Sunday first with blanks', () => {
    const weeks = monthGrid('2026-11'); // 1 Nov 2026 is a Sunday
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const feb = monthGrid('2027-02'); // Monday
    expect(feb[0][0]).toBeNull();
    expect(feb[0][1]).toBe('2027-02-01');
  });

  it('moves between months and gives the local range of a month', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const { from, to } = monthRange('2026-11');
    expect(from).toEqual(new Date(2026, 10, 1));
    expect(to).toEqual(new Date(2026, 11, 1));
  });
});

describe('near me and directions', () => {
  it('measures great-circle distance', () => {
    expect(distanceKm([40.7128, -74.006], [41.8781, -87.6298])).toBeGreaterThan(1140);
    expect(distanceKm([40.7128, -74.006], [41.8781, -87.6298])).toBeLessThan(1160);
  });

  it('orders upcoming located events nearest first, drops past ones, keeps unlocated last', () => {
    const events = [
      at('2026-11-01', 41.88, -87.62, 'past Chicago'),
      at('2026-11-25', 37.79, -122.39, 'SF'),
      at('2026-11-24', null, null, 'TBD'),
      at('2026-11-30', 41.88, -87.62, 'Chicago'),
    ];
    const sorted = upcomingNearest(events, [42, -88], '2026-11-22');
    expect(sorted.map((e) => e.title)).toEqual(['Chicago', 'SF', 'TBD']);
    expect(sorted[0].distanceKm).toBeLessThan(40);
    expect(sorted[2].distanceKm).toBeNull();
  });

  it('links directions to the coordinates', () => {
    expect(directionsUrl(41.88, -87.62)).toBe('https://www.google.com/maps/dir/?api=1&destination=41.88,-87.62');
  });
});

describe('event inquiry schema', () => {
  const valid = {
    name: 'Ana',
    email: 'ana@example.com',
    eventType: 'wedding',
    eventDate: '2027-05-12',
    guests: 120,
    location: 'Austin, TX',
    message: 'Hot cocoa bar',
  };
  it('accepts a full inquiry and normalises optional text', () => {
    expect(eventInquirySchema.parse({ ...valid, message: '' })).toEqual({ ...valid, message: null, phone: null });
  });
  it.each([
    [{ eventType: 'funeral' }, 'Please choose an event type'],
    [{ eventDate: '' }, 'Event date is required'],
    [{ eventDate: '2027-02-30' }, 'Event date must be a date (YYYY-MM-DD)'],
    [{ guests: 0 }, 'Number of guests must be at least 1'],
    [{ guests: 2.5 }, 'Number of guests must be a whole number'],
    [{ guests: Number.NaN }, 'Number of guests is required'],
    [{ location: ' ' }, 'Event location is required'],
    [{ name: '' }, 'Name is required'],
    [{ email: 'x' }, 'Please enter a valid email address'],
  ])('refuses %j', (over, message) => {
    const result = eventInquirySchema.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe('calendar id', () => {
  it('reads webcal:// as https:// and refuses other schemes', () => {
    expect(calendarIdSchema.parse({ calendarId: 'webcal://example.com/a.ics' }).calendarId).toBe('https://example.com/a.ics');
    expect(calendarIdSchema.safeParse({ calendarId: 'file:///etc/passwd' }).success).toBe(false);
    expect(calendarIdSchema.safeParse({ calendarId: '' }).success).toBe(false);
  });
});
