import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as nodeIcal from 'node-ical';

/**
 * The corpus of real calendar feeds (api/src/events/fixtures/feeds, origins in the README there)
 * and two reference expansions written apart from the importer: ical.js's own iterator (a fresh
 * copy of the module, so nothing the importer registered in it is shared) and node-ical's
 * expandRecurringEvent (another parser and recurrence engine). Both are converted to the shop's
 * wall clock with Intl here, not with the shared-types rules the importer uses.
 */

export type Reference = 'ical.js' | 'node-ical';

export interface CorpusFeed {
  file: string;
  producer: string;
  /** "Now" for the window: near the feed's own dates, so its occurrences fall inside. */
  now: string;
  /** What the file exercises. */
  covers: string;
  /** The references the importer is compared with; a missing one says why in `note`. */
  references: Reference[];
  note?: string;
}

const BOTH: Reference[] = ['ical.js', 'node-ical'];

// One feed a row.
// prettier-ignore
export const FEED_CORPUS: CorpusFeed[] = [
  { file: 'google-auckland.ics', producer: 'Google Calendar', now: '2018-07-20T00:00:00Z', references: BOTH, covers: 'weekly RRULE with UNTIL, EXDATE, two RECURRENCE-ID overrides (one moved to another day), a 3-day all-day event, UTC times, LOCATION with commas' },
  { file: 'google-berlin-moved.ics', producer: 'Google Calendar', now: '2021-12-10T00:00:00Z', references: BOTH, covers: 'monthly BYDAY=-1FR, an override moved two weeks earlier with no DTEND, zero-length events, DST changes over the year' },
  { file: 'meetup-boston.ics', producer: 'meetup.com', now: '2018-07-20T00:00:00Z', references: BOTH, covers: 'VTIMEZONE America/New_York, LOCATION with escaped commas, GEO, CRLF lines' },
  { file: 'exchange-2010-windows-zones.ics', producer: 'Microsoft Exchange Server 2010 (Outlook)', now: '2020-09-01T00:00:00Z', references: ['node-ical'], note: 'ical.js refuses the whole file for its `DTSTART;TZID="W. Europe Standard Time:20200609T090000"` line unless the importer repairs it first', covers: 'Windows zone names defined by VTIMEZONEs, weekly RRULEs with UNTIL, a folded EXDATE list, the quoted-TZID defect' },
  { file: 'zimbra-recur-instances.ics', producer: 'Zimbra', now: '2012-10-20T00:00:00Z', references: ['ical.js'], note: 'node-ical expandRecurringEvent leaves RDATEs out', covers: 'open-ended monthly BYDAY=1TU, RDATE (a list, a PERIOD, UTC), EXDATE, overrides (one with a UTC RECURRENCE-ID on an RDATE), a VTIMEZONE without TZID' },
  { file: 'thunderbird-london.ics', producer: 'Mozilla Thunderbird', now: '2025-04-21T00:00:00Z', references: BOTH, covers: 'daily RRULE with UNTIL, a moved override, an override that adds a LOCATION' },
  { file: 'thunderbird-cancelled.ics', producer: 'Mozilla Thunderbird', now: '2020-01-20T00:00:00Z', references: BOTH, covers: 'COUNT=3 series with one occurrence STATUS:CANCELLED by an override' },
  { file: 'nextcloud-sabredav-berlin.ics', producer: 'Nextcloud (SabreDAV)', now: '2019-03-01T00:00:00Z', references: BOTH, covers: 'weekly COUNT=8 at 00:30 Berlin (the previous evening in America), EXDATE given in UTC, a DST change' },
  { file: 'wordpress-tec-wayland.ics', producer: 'WordPress, The Events Calendar 6.9.1', now: '2025-01-20T00:00:00Z', references: BOTH, covers: 'TZID=America/New_York with no VTIMEZONE, escaped commas in LOCATION, a zero-length event, blank lines between events' },
  { file: 'discourse-machbar.ics', producer: 'Discourse (icalendar-ruby)', now: '2019-02-20T00:00:00Z', references: BOTH, covers: 'no DTEND, times with seconds, the same VTIMEZONE four times' },
  { file: 'hpr-rdate.ics', producer: 'Hacker Public Radio (Perl Data::ICal)', now: '2013-08-20T00:00:00Z', references: ['ical.js'], note: 'node-ical expandRecurringEvent leaves RDATEs out', covers: 'a series made of RDATEs only, UTC times, X-WR-TIMEZONE' },
  { file: 'facebook-event.ics', producer: 'Facebook Events', now: '2018-08-01T00:00:00Z', references: BOTH, covers: 'a single UTC event, long folded DESCRIPTION' },
  { file: 'icalevents-duration.ics', producer: 'icalevents test data (hand-written)', now: '2018-01-05T00:00:00Z', references: BOTH, covers: 'DURATION (P3D all-day, PT3H), DTSTART of a bare date without VALUE=DATE, floating times, no UID, no PRODID' },
];

export const FEEDS_DIR = join(__dirname, '..', 'events', 'fixtures', 'feeds');
export const corpusText = (file: string): string => readFileSync(join(FEEDS_DIR, file), 'utf8');

/** A stop as the tracker shows it: what the importer stores and what the references compute. */
export interface Stop {
  day: string;
  startTime: string | null;
  endTime: string | null;
  title: string;
  location: string | null;
}

export const stopKey = (s: Stop) => JSON.stringify([s.day, s.startTime, s.endTime, s.title, s.location]);

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall clock of an instant in a zone, by Intl. */
function wallOf(instant: Date, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant a wall clock in `zone` shows the given fields (two passes over the offset). */
function instantIn(year: number, month: number, day: number, hour: number, minute: number, zone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (t: number) => {
    const w = wallOf(new Date(t), zone);
    const [y, m, d] = w.day.split('-').map(Number);
    const [h, mi] = w.time.split(':').map(Number);
    return Date.UTC(y, m - 1, d, h, mi) - t;
  };
  let instant = guess - offsetAt(guess);
  instant = guess - offsetAt(instant);
  return new Date(instant);
}

const nextDay = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

function inWindow(day: string, zone: string, window: { from: Date; to: Date }): boolean {
  const [y, m, d] = day.split('-').map(Number);
  const noon = instantIn(y, m, d, 12, 0, zone);
  return noon >= window.from && noon < window.to;
}

/** The importer's documented rules for one occurrence: all-day → one stop per day (max 14); timed → its start day. */
function stopsOf(
  title: unknown,
  location: unknown,
  start: { allDay: true; day: string; days: number } | { allDay: false; start: Date; end: Date },
  zone: string,
): Stop[] {
  const name = typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : 'Untitled event';
  const place = typeof location === 'string' && location.trim() ? location.trim().slice(0, 200) : null;
  if (start.allDay) {
    return Array.from({ length: Math.min(Math.max(start.days, 1), 14) }, (_, i) => ({
      day: nextDay(start.day, i),
      startTime: null,
      endTime: null,
      title: name,
      location: place,
    }));
  }
  const from = wallOf(start.start, zone);
  const to = wallOf(start.end, zone);
  return [{ day: from.day, startTime: from.time, endTime: start.end > start.start && to.time !== from.time ? to.time : null, title: name, location: place }];
}

const text = (v: unknown): unknown => (v && typeof v === 'object' && 'val' in v ? v.val : v);

type IcalModule = typeof import('ical.js').default;

/** A fresh ical.js, not the instance the importer registered zones in. */
function isolatedIcalJs(): IcalModule {
  let mod: IcalModule | undefined;
  jest.isolateModules(() => {
    const loaded = jest.requireActual<IcalModule & { default?: IcalModule }>('ical.js');
    mod = loaded.default ?? loaded;
  });
  return mod as IcalModule;
}

/** ical.js's own expansion: Event + iterator + getOccurrenceDetails per series. */
export function icalJsReference(feedText: string, zone: string, window: { from: Date; to: Date }): Stop[] {
  const ICAL = isolatedIcalJs();
  ICAL.design.strict = false;
  const parsed = ICAL.parse(feedText) as unknown[];
  const roots = typeof parsed[0] === 'string' ? [parsed] : parsed;
  const stops: Stop[] = [];
  for (const root of roots) {
    const calendar = new ICAL.Component(root as never);
    const xwr = String(calendar.getFirstPropertyValue('x-wr-timezone') ?? '');
    const floatingZone = xwr && wallOfSafe(xwr) ? xwr : zone;
    // A TZID this copy cannot resolve stays on the time as `timezone` (not on the end ical.js derives from it).
    const instant = (t: InstanceType<IcalModule['Time']>, of: InstanceType<IcalModule['Time']> = t): Date => {
      const named = (of as unknown as { timezone?: string }).timezone;
      if (t.zone && t.zone.tzid !== 'floating') return new Date(t.toUnixTime() * 1000);
      return instantIn(t.year, t.month, t.day, t.hour, t.minute, named && wallOfSafe(named) ? named : floatingZone);
    };
    const events = calendar.getAllSubcomponents('vevent');
    const masters = events.filter((e) => !e.hasProperty('recurrence-id'));
    const cancelled = (c: InstanceType<IcalModule['Component']>) => String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
    for (const master of masters) {
      if (cancelled(master)) continue;
      const uid = master.getFirstPropertyValue('uid');
      const event = new ICAL.Event(master, { exceptions: events.filter((e) => e.hasProperty('recurrence-id') && e.getFirstPropertyValue('uid') === uid) });
      const add = (details: ReturnType<typeof event.getOccurrenceDetails>) => {
        if (cancelled(details.item.component)) return;
        const s = details.startDate;
        const e = details.endDate;
        const occurrence = s.isDate
          ? {
              allDay: true as const,
              day: `${s.year}-${pad(s.month)}-${pad(s.day)}`,
              days: e.isDate ? Math.round((Date.UTC(e.year, e.month - 1, e.day) - Date.UTC(s.year, s.month - 1, s.day)) / 86_400_000) : 1,
            }
          : { allDay: false as const, start: instant(s), end: instant(e, s) };
        stops.push(...stopsOf(details.item.summary, details.item.location, occurrence, zone));
      };
      if (!event.isRecurring()) {
        add(event.getOccurrenceDetails(event.startDate));
        continue;
      }
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        const at = next.isDate ? Date.UTC(next.year, next.month - 1, next.day) : instant(next).getTime();
        if (at > window.to.getTime() + 40 * 86_400_000) break;
        add(event.getOccurrenceDetails(next));
      }
    }
  }
  return stops.filter((s) => inWindow(s.day, zone, window));
}

function wallOfSafe(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /\//.test(zone) || zone === 'UTC';
  } catch {
    return false;
  }
}

/** node-ical's expansion (its own parser, rrule-temporal and Windows-zone table). */
export function nodeIcalReference(feedText: string, zone: string, window: { from: Date; to: Date }): Stop[] {
  const data = nodeIcal.sync.parseICS(feedText);
  const stops: Stop[] = [];
  const margin = 40 * 86_400_000;
  for (const component of Object.values(data)) {
    if (!component || (component as { type?: string }).type !== 'VEVENT') continue;
    const event = component as nodeIcal.VEvent;
    if (event.status === 'CANCELLED') continue;
    const instances = nodeIcal.expandRecurringEvent(event, { from: new Date(window.from.getTime() - margin), to: new Date(window.to.getTime() + margin) });
    for (const i of instances) {
      if (i.event.status === 'CANCELLED') continue;
      let occurrence: Parameters<typeof stopsOf>[2];
      if (i.isFullDay) {
        // node-ical gives a date as local midnight of this process; its local fields are the date.
        const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
        const first = day(i.start);
        const last = day(i.end);
        const [y1, m1, d1] = first.split('-').map(Number);
        const [y2, m2, d2] = last.split('-').map(Number);
        occurrence = { allDay: true, day: first, days: Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000) };
      } else if (!i.start.tz) {
        // A floating time: node-ical reads it in this process's zone; its local fields are the wall clock.
        const wall = (d: Date) => instantIn(d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), zone);
        occurrence = { allDay: false, start: wall(i.start), end: wall(i.end) };
      } else {
        occurrence = { allDay: false, start: i.start, end: i.end };
      }
      stops.push(...stopsOf(text(i.summary), text(i.event.location), occurrence, zone));
    }
  }
  return stops.filter((s) => inWindow(s.day, zone, window));
}
