import { dayIn, instantOf, localTimeZone } from '@cocoa/shared-types';
import ICAL from 'ical.js';
import * as nodeIcal from 'node-ical';
import { corpusText, FEED_CORPUS, icalJsReference, nodeIcalReference, type Stop, stopKey } from '../test/feed-corpus';
import { ALL_DAY_SPAN_CAP, FEED_OCCURRENCE_CAP, type FeedOccurrence, feedWindow, publishedCalendar, type PublishedStop, readFeed } from './ics';

const CHICAGO = 'America/Chicago';
const asStop = (o: FeedOccurrence): Stop => ({
  day: o.day,
  startTime: o.startTime,
  endTime: o.endTime,
  title: o.title,
  location: o.location?.slice(0, 200) ?? null,
});
const sorted = (stops: Stop[]) => stops.map(stopKey).sort();
const read = (file: string, now: string, timeZone = CHICAGO) => readFeed(corpusText(file), { timeZone, now: new Date(now) });
const feed = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

describe(`the feed corpus, occurrence by occurrence against the libraries' own expansion (process zone ${localTimeZone()})`, () => {
  it('holds at least eight producers', () => {
    expect(new Set(FEED_CORPUS.map((f) => f.producer.split(' (')[0].split(',')[0])).size).toBeGreaterThanOrEqual(8);
  });

  for (const shopZone of [CHICAGO, 'Pacific/Auckland']) {
    describe(`shop zone ${shopZone}`, () => {
      for (const fixture of FEED_CORPUS) {
        it(`${fixture.file} (${fixture.producer}): ${fixture.covers}`, () => {
          const now = new Date(fixture.now);
          const reading = readFeed(corpusText(fixture.file), { timeZone: shopZone, now });
          expect(reading.skipped).toBe(0);
          expect(reading.truncated).toBe(0);
          expect(reading.occurrences.length).toBeGreaterThan(0);
          expect(new Set(reading.occurrences.map((o) => o.key)).size).toBe(reading.occurrences.length);
          const imported = sorted(reading.occurrences.map(asStop));
          const window = feedWindow(now, shopZone);
          if (fixture.references.includes('ical.js')) expect(imported).toEqual(sorted(icalJsReference(corpusText(fixture.file), shopZone, window)));
          if (fixture.references.includes('node-ical')) expect(imported).toEqual(sorted(nodeIcalReference(corpusText(fixture.file), shopZone, window)));
        });
      }
    });
  }
});

describe('reading a feed (ical.js)', () => {
  const google = () => read('google-auckland.ics', '2018-07-20T00:00:00Z').occurrences;

  it('expands a weekly series, leaves its EXDATE out and lets an override replace its occurrence', () => {
    const tuesdays = google().filter((o) => o.title.startsWith('Tuesday Morning'));
    // 9:30 AM Auckland (NZST, UTC+12) on Tuesdays is 4:30 PM on the Monday before in Chicago (CDT).
    expect(tuesdays.map((o) => [o.day, o.startTime, o.endTime, o.title])).toEqual([
      ['2018-07-02', '16:30', '18:30', 'Tuesday Mornings'],
      ['2018-07-09', '16:30', '18:30', 'Tuesday Mornings'],
      ['2018-07-16', '16:30', '18:30', 'Tuesday Mornings'],
      ['2018-07-24', '16:30', '18:30', 'Tuesday Mornings Postponed'], // moved from the 24th to the 25th (Auckland)
      ['2018-07-30', '16:30', '18:30', 'Tuesday Morning Extra Info'],
      ['2018-08-06', '16:30', '18:30', 'Tuesday Mornings'],
      // 2018-08-14 (Auckland) is an EXDATE
      ['2018-08-20', '16:30', '18:30', 'Tuesday Mornings'],
      ['2018-08-27', '16:30', '18:30', 'Tuesday Mornings'],
    ]);
    // The moved occurrence keeps the key of the one it replaces.
    expect(tuesdays[3].key).toBe('113qbmq1j4jf0jbiolheruff6n@google.com#20180723T213000Z');
  });

  it('keeps all-day events all-day (no start time), one stop per day they cover', () => {
    const off = google().filter((o) => o.title === 'Three days off');
    expect(off.map((o) => [o.day, o.startTime, o.endTime])).toEqual([
      ['2018-07-13', null, null],
      ['2018-07-14', null, null],
      ['2018-07-15', null, null],
    ]);
    expect(off.map((o) => o.key)).toEqual([
      '01likr2u3bchpv66o7vvq23avq@google.com',
      '01likr2u3bchpv66o7vvq23avq@google.com/d2',
      '01likr2u3bchpv66o7vvq23avq@google.com/d3',
    ]);
  });

  it('converts TZID and UTC times to the shop zone, the same for every event of a feed', () => {
    expect(read('meetup-boston.ics', '2018-07-20T00:00:00Z').occurrences[0]).toMatchObject({ day: '2018-07-24', startTime: '18:00', endTime: '20:30' });
    expect(read('meetup-boston.ics', '2018-07-20T00:00:00Z', 'America/New_York').occurrences[0]).toMatchObject({
      day: '2018-07-24',
      startTime: '19:00',
      endTime: '21:30',
    });
    expect(read('facebook-event.ics', '2018-08-01T00:00:00Z').occurrences[0]).toMatchObject({ day: '2018-08-31', startTime: '02:00', endTime: '05:00' });
    // Windows zone names, defined by the feed's VTIMEZONEs: 9:00 W. Europe (CEST) is 2:00 AM in Chicago.
    const exchange = read('exchange-2010-windows-zones.ics', '2020-09-01T00:00:00Z').occurrences;
    expect(exchange.find((o) => o.title === 'test')).toMatchObject({ day: '2020-09-10', startTime: '02:00', endTime: '02:30' });
    expect(exchange.find((o) => o.title === 'Not the actual summary 1')).toMatchObject({ day: '2020-09-15', startTime: '10:30', endTime: '11:30' });
  });

  it('reads a TZID that names an IANA zone without a VTIMEZONE in that zone, EXDATEs in UTC included', () => {
    const reading = readFeed(
      feed(
        'BEGIN:VEVENT',
        'UID:market@example.org',
        'DTSTART;TZID=America/New_York:20260302T100000',
        'DTEND;TZID=America/New_York:20260302T120000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE:20260316T140000Z',
        'SUMMARY:Market',
        'END:VEVENT',
      ),
      { timeZone: CHICAGO, now: new Date('2026-03-01T12:00:00Z') },
    );
    // 10:00 New York is 9:00 Chicago on both sides of the March 8 change; March 16 is excluded.
    expect(reading.occurrences.map((o) => [o.day, o.startTime])).toEqual([
      ['2026-03-02', '09:00'],
      ['2026-03-09', '09:00'],
      ['2026-03-23', '09:00'],
    ]);
  });

  it("reads floating times in the feed's X-WR-TIMEZONE, else as the shop's wall clock", () => {
    const event = ['BEGIN:VEVENT', 'UID:f@example.org', 'DTSTART:20260610T100000', 'DTEND:20260610T113000', 'SUMMARY:Floating', 'END:VEVENT'];
    const now = new Date('2026-06-01T00:00:00Z');
    expect(readFeed(feed(...event), { timeZone: CHICAGO, now }).occurrences[0]).toMatchObject({ startTime: '10:00', endTime: '11:30' });
    expect(readFeed(feed('X-WR-TIMEZONE:America/Los_Angeles', ...event), { timeZone: CHICAGO, now }).occurrences[0]).toMatchObject({
      startTime: '12:00',
      endTime: '13:30',
    });
  });

  it('keeps LOCATION whole, commas included', () => {
    expect(read('meetup-boston.ics', '2018-07-20T00:00:00Z').occurrences[0]).toMatchObject({
      location: 'Cambridge Innovation Center, 4th Floor Cafe (1 Broadway, Cambridge, MA)',
      geo: { latitude: 42.36, longitude: -71.09 },
    });
  });

  it('leaves cancelled occurrences and cancelled events out', () => {
    expect(read('thunderbird-cancelled.ics', '2020-01-20T00:00:00Z').occurrences.map((o) => o.day)).toEqual(['2020-01-28', '2020-01-30']);
    const text = corpusText('thunderbird-cancelled.ics')
      .replace('SUMMARY:one is cancelled\r\nRRULE', 'SUMMARY:one is cancelled\r\nSTATUS:CANCELLED\r\nRRULE')
      .replace('SUMMARY:one is cancelled\nRRULE', 'SUMMARY:one is cancelled\nSTATUS:CANCELLED\nRRULE');
    expect(readFeed(text, { timeZone: CHICAGO, now: new Date('2020-01-20T00:00:00Z') }).occurrences).toEqual([]);
  });

  it('honours DURATION, and an event with neither DTEND nor DURATION has no end time', () => {
    const stops = read('icalevents-duration.ics', '2018-01-05T00:00:00Z').occurrences;
    expect(stops.map((o) => [o.day, o.startTime, o.endTime, o.title])).toEqual([
      ['2018-01-10', null, null, 'Duration Event'],
      ['2018-01-11', null, null, 'Duration Event'],
      ['2018-01-12', null, null, 'Duration Event'],
      ['2018-01-15', '10:00', '13:00', 'Duration Event'],
      ['2018-01-20', '12:00', null, 'Short event'],
    ]);
  });

  it('imports from 30 days back to 12 months ahead of now', () => {
    const window = feedWindow(new Date('2026-03-15T18:00:00Z'), CHICAGO);
    expect(window.from.toISOString()).toBe('2026-02-13T06:00:00.000Z'); // midnight CST
    expect(window.to.toISOString()).toBe('2027-03-15T05:00:00.000Z'); // midnight CDT
    const daily = readFeed(
      feed('BEGIN:VEVENT', 'UID:daily@example.org', 'DTSTART;VALUE=DATE:20200101', 'RRULE:FREQ=DAILY', 'SUMMARY:Every day', 'END:VEVENT'),
      { timeZone: CHICAGO, now: new Date('2026-03-15T18:00:00Z') },
    );
    expect(daily.occurrences[0].day).toBe('2026-02-13');
    expect(daily.occurrences.at(-1)?.day).toBe('2027-03-14');
    expect(daily.occurrences).toHaveLength(395);
  });

  it(`caps a feed at ${FEED_OCCURRENCE_CAP} occurrences, keeping the earliest, and a long all-day event at ${ALL_DAY_SPAN_CAP} days`, () => {
    const hourly = readFeed(
      feed('BEGIN:VEVENT', 'UID:hourly@example.org', 'DTSTART:20260101T000000Z', 'DURATION:PT30M', 'RRULE:FREQ=HOURLY', 'SUMMARY:Busy', 'END:VEVENT'),
      { timeZone: CHICAGO, now: new Date('2026-03-15T18:00:00Z') },
    );
    expect(hourly.occurrences).toHaveLength(FEED_OCCURRENCE_CAP);
    expect(hourly.truncated).toBeGreaterThan(0);
    expect(hourly.occurrences[0]).toMatchObject({ day: '2026-02-13', startTime: '00:00' });
    const long = readFeed(
      feed('BEGIN:VEVENT', 'UID:season@example.org', 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260901', 'SUMMARY:Summer season', 'END:VEVENT'),
      { timeZone: CHICAGO, now: new Date('2026-05-15T18:00:00Z') },
    );
    expect(long.occurrences.map((o) => o.day)).toEqual(Array.from({ length: ALL_DAY_SPAN_CAP }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`));
  });

  it('counts an event it cannot read and imports the rest; refuses text that is not iCalendar', () => {
    const reading = readFeed(
      feed(
        'BEGIN:VEVENT',
        'UID:nostart@example.org',
        'SUMMARY:No start',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:ok@example.org',
        'DTSTART:20260610T150000Z',
        'SUMMARY:Fine',
        'END:VEVENT',
      ),
      { timeZone: CHICAGO, now: new Date('2026-06-01T00:00:00Z') },
    );
    expect(reading.skipped).toBe(1);
    expect(reading.occurrences.map((o) => o.title)).toEqual(['Fine']);
    expect(() => readFeed('<html>not found</html>', { timeZone: CHICAGO, now: new Date() })).toThrow('The feed is not valid iCalendar');
    expect(() => readFeed('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD', { timeZone: CHICAGO, now: new Date() })).toThrow('Not an iCalendar feed');
  });
});

describe('the published feed (ical-generator), parsed back by ical.js and node-ical', () => {
  const place = { address: '50 W Washington St, Chicago, IL', latitude: 41.8837, longitude: -87.6298 };
  const stop = (over: Partial<PublishedStop>): PublishedStop => ({
    id: 1,
    title: 'Cocoa cart; hot, iced',
    description: 'Line one\nLine two',
    location: 'Daley Plaza',
    place,
    date: instantOf({ year: 2026, month: 1, day: 10, hour: 12, minute: 0 }, CHICAGO),
    startTime: '11:00',
    endTime: '15:00',
    updatedAt: new Date('2026-01-01T08:00:00Z'),
    ...over,
  });
  const noonOn = (day: string) => {
    const [year, month, d] = day.split('-').map(Number);
    return instantOf({ year, month, day: d, hour: 12, minute: 0 }, CHICAGO);
  };
  const stops = [
    stop({ id: 1 }), // winter (CST, UTC-6)
    stop({ id: 2, date: noonOn('2026-07-10'), endTime: null }), // summer (CDT, UTC-5), no end: an hour
    stop({ id: 3, date: noonOn('2026-07-11'), startTime: '20:00', endTime: '01:00' }), // ends after midnight
    stop({ id: 4, date: noonOn('2026-07-12'), startTime: null, endTime: null, place: { ...place, latitude: null, longitude: null } }), // all-day
  ];
  const text = publishedCalendar(stops, { name: 'Cocoa Shop events', host: 'cocoa.example', url: 'https://cocoa.example/cocoa-tracker', timeZone: CHICAGO });

  it('writes CRLF lines folded at 75 octets, with UTC instants for timed stops and DATE values for all-day ones', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('\r\nDTSTART:20260110T170000Z\r\n'); // 11:00 AM CST
    expect(text).toContain('\r\nDTSTART:20260710T160000Z\r\n'); // 11:00 AM CDT
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20260712\r\nDTEND;VALUE=DATE:20260713\r\n');
    expect(text).toContain('PRODID:-//Cocoa Shop//Live Cocoa Tracker//EN');
  });

  it('reads back the same with ical.js', () => {
    const calendar = new ICAL.Component(ICAL.parse(text) as never);
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const byId = new Map(events.map((e) => [e.uid, e]));
    const one = byId.get('scheduled-location-1@cocoa.example') as ICAL.Event;
    expect(one.summary).toBe('Cocoa cart; hot, iced');
    expect(one.description).toBe('Line one\nLine two');
    expect(one.location).toBe('Daley Plaza, 50 W Washington St, Chicago, IL');
    expect(one.component.getFirstPropertyValue('geo')).toEqual([41.8837, -87.6298]);
    expect(new Date(one.startDate.toUnixTime() * 1000).toISOString()).toBe('2026-01-10T17:00:00.000Z');
    expect(new Date(one.endDate.toUnixTime() * 1000).toISOString()).toBe('2026-01-10T21:00:00.000Z');
    const two = byId.get('scheduled-location-2@cocoa.example') as ICAL.Event;
    expect(new Date(two.startDate.toUnixTime() * 1000).toISOString()).toBe('2026-07-10T16:00:00.000Z');
    expect(new Date(two.endDate.toUnixTime() * 1000).toISOString()).toBe('2026-07-10T17:00:00.000Z');
    const three = byId.get('scheduled-location-3@cocoa.example') as ICAL.Event;
    expect(new Date(three.endDate.toUnixTime() * 1000).toISOString()).toBe('2026-07-12T06:00:00.000Z'); // 1:00 AM CDT the next day
    const four = byId.get('scheduled-location-4@cocoa.example') as ICAL.Event;
    expect([four.startDate.isDate, four.startDate.toString(), four.endDate.toString()]).toEqual([true, '2026-07-12', '2026-07-13']);
  });

  it('reads back the same with node-ical', () => {
    const data = nodeIcal.sync.parseICS(text);
    const one = data['scheduled-location-1@cocoa.example'] as nodeIcal.VEvent;
    expect(one.start.toISOString()).toBe('2026-01-10T17:00:00.000Z');
    expect(one.location).toBe('Daley Plaza, 50 W Washington St, Chicago, IL');
    expect((data['scheduled-location-2@cocoa.example'] as nodeIcal.VEvent).start.toISOString()).toBe('2026-07-10T16:00:00.000Z');
    const four = data['scheduled-location-4@cocoa.example'] as nodeIcal.VEvent;
    expect(four.datetype).toBe('date');
    expect(dayIn(four.start, localTimeZone())).toBe('2026-07-12');
    // Whatever zone a subscriber is in, the 11:00 AM stop is 11:00 AM in Chicago.
    expect(dayIn(one.start, CHICAGO)).toBe('2026-01-10');
  });
});
