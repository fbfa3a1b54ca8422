import { escapeText, foldLine, generateIcs, parseIcs, unescapeText, unfold } from './ics';

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'BEGIN:VEVENT',
  'UID:abc-1@example.com',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=America/Chicago:20261128T110000',
  'DTEND;TZID=America/Chicago:20261128T170000',
  'SUMMARY:Cocoa at the Christkindl\\, Chicago',
  'DESCRIPTION:Line one\\nLine two\\; with a semicolon and a back\\\\slash and a very long tail that',
  '  is folded onto the next line',
  'LOCATION:Daley Plaza\\, 50 W Washington St\\, Chicago\\, IL',
  'GEO:41.8837;-87.6298',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'SUMMARY:Alarm summary must not win',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:abc-2@example.com',
  'DTSTART;VALUE=DATE:20261205',
  'SUMMARY:All day',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:No UID is skipped',
  'DTSTART:20261205T100000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('ICS reader', () => {
  it('unfolds, unescapes and reads VEVENTs, skipping nested components and events without UID', () => {
    const events = parseIcs(FEED);
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first).toMatchObject({
      uid: 'abc-1@example.com',
      summary: 'Cocoa at the Christkindl, Chicago',
      description: 'Line one\nLine two; with a semicolon and a back\\slash and a very long tail that is folded onto the next line',
      location: 'Daley Plaza, 50 W Washington St, Chicago, IL',
      geo: { latitude: 41.8837, longitude: -87.6298 },
      start: { year: 2026, month: 11, day: 28, hour: 11, minute: 0, allDay: false, utc: false, tzid: 'America/Chicago' },
      end: { hour: 17, minute: 0 },
    });
    expect(second.start).toMatchObject({ year: 2026, month: 12, day: 5, allDay: true });
    expect(second.location).toBeNull();
  });

  it('accepts LF-only feeds and refuses text that is not a calendar', () => {
    expect(parseIcs(FEED.replace(/\r\n/g, '\n'))).toHaveLength(2);
    expect(() => parseIcs('<html>not found</html>')).toThrow('Not an iCalendar feed');
  });

  it('ignores impossible dates and coordinates', () => {
    const [e] = parseIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260230T100000\r\nGEO:95;10\r\nEND:VEVENT\r\nEND:VCALENDAR');
    expect(e.start).toBeNull();
    expect(e.geo).toBeNull();
  });
});

describe('ICS writer', () => {
  it('escapes text and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(unescapeText(escapeText('a,b;c\\d\ne'))).toBe('a,b;c\\d\ne');
    const long = `DESCRIPTION:${'Chocolat chaud très épais ☕ '.repeat(10)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toEqual([long]);
  });

  it('writes a calendar with CRLF lines that reads back the same', () => {
    const text = generateIcs('Cocoa, events', [
      { uid: 'u1@shop', stamp: new Date('2026-11-22T06:00:00Z'), summary: 'Cart; at the park, north', description: 'Hot\nand iced', location: 'Millennium Park, 201 E Randolph St', geo: { latitude: 41.88, longitude: -87.62 }, start: new Date('2026-11-22T17:00:00Z'), end: new Date('2026-11-22T23:00:00Z') },
      { uid: 'u2@shop', stamp: new Date('2026-11-22T06:00:00Z'), summary: 'All day', start: '20261201', end: '20261202' },
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('\r\nDTSTAMP:20261122T060000Z\r\n');
    expect(text).toContain('\r\nDTSTART:20261122T170000Z\r\n');
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261201\r\n');
    expect(text).toContain('\r\nGEO:41.88;-87.62\r\n');
    expect(text).toContain('X-WR-CALNAME:Cocoa\\, events');
    const back = parseIcs(text);
    expect(back.map((e) => [e.uid, e.summary, e.description, e.location])).toEqual([
      ['u1@shop', 'Cart; at the park, north', 'Hot\nand iced', 'Millennium Park, 201 E Randolph St'],
      ['u2@shop', 'All day', null, null],
    ]);
    expect(back[0].start).toMatchObject({ year: 2026, month: 11, day: 22, hour: 17, utc: true });
  });
});
