import { createHash } from 'node:crypto';
import { instantOf, isTimeZone, noonOf, type WallTime, wallTimeIn } from '@cocoa/shared-types';
import ical, { ICalCalendarMethod } from 'ical-generator';
import ICAL from 'ical.js';
import { errorText } from '../common/logger';

/**
 * Calendar feeds in and out, on libraries: subscribed feeds are read and expanded by ical.js, the
 * shop's own schedule is written by ical-generator. Decisions (docs/features.md, "Calendar feeds"):
 * - Window: occurrences whose day falls from 30 days before "now" to 12 months after it are
 *   imported; at most FEED_OCCURRENCE_CAP per feed (the earliest kept).
 * - RRULE/RDATE/EXDATE are expanded by ical.js; a RECURRENCE-ID override replaces its occurrence;
 *   CANCELLED events and occurrences are left out.
 * - Times become the shop zone's wall clock: UTC and TZID times through the instant they name
 *   (a TZID defined by a VTIMEZONE in the feed, Windows names included, uses that definition; an
 *   IANA name without one uses the runtime's zone data); floating times are read in the feed's
 *   X-WR-TIMEZONE when it names an IANA zone, else as the shop's wall clock; a TZID that is
 *   neither defined in the feed nor an IANA name is read like a floating time.
 * - All-day events stay all-day (no start time: shown as TBD), one stop per day they cover (up to
 *   ALL_DAY_SPAN_CAP days). DTEND or DURATION gives the end; a zero-length event has no end time.
 * - LOCATION is kept whole (it is both the place and the address that is geocoded).
 * - Each occurrence is keyed by UID plus its RECURRENCE-ID (the occurrence's original start), so a
 *   moved occurrence keeps its key; the database scopes keys by feed.
 */

export const FEED_DAYS_BACK = 30;
export const FEED_MONTHS_AHEAD = 12;
/** The most occurrences one feed imports; the earliest in the window are kept. */
export const FEED_OCCURRENCE_CAP = 2000;
/** Recurrence steps taken per event before giving up on it (a FREQ=MINUTELY rule from years ago). */
const ITERATION_CAP = 100_000;
/** An all-day event covering more days than this is listed on its first ALL_DAY_SPAN_CAP days. */
export const ALL_DAY_SPAN_CAP = 14;
/** Overrides may move an occurrence this far into the window from beyond its end. */
const MOVED_INTO_WINDOW_MS = 31 * 24 * 60 * 60 * 1000;
const KEY_MAX = 1000;

// Lenient values, as calendar programs read them: a DTSTART of 20180110 without VALUE=DATE is a date.
ICAL.design.strict = false;

/** One occurrence of a feed event, in the shop's zone. */
export interface FeedOccurrence {
  /** `${UID}#${RECURRENCE-ID}` for occurrences of a series, the UID alone for a single event. */
  key: string;
  title: string;
  description: string | null;
  /** The LOCATION text, whole. */
  location: string | null;
  geo: { latitude: number; longitude: number } | null;
  /** 'YYYY-MM-DD' in the shop's zone. */
  day: string;
  /** 'HH:MM' in the shop's zone; null for all-day events. */
  startTime: string | null;
  endTime: string | null;
}

export interface FeedReading {
  occurrences: FeedOccurrence[];
  /** Events that could not be read (no start, a rule ical.js refused). */
  skipped: number;
  /** Occurrences in the window beyond FEED_OCCURRENCE_CAP. */
  truncated: number;
}

export interface FeedWindow {
  from: Date;
  to: Date;
}

/** From midnight 30 days before `now` to midnight 12 months after it, in the shop's zone. */
export function feedWindow(now: Date, timeZone: string): FeedWindow {
  const today = wallTimeIn(now, timeZone);
  const from = instantOf({ ...dayStep(today, -FEED_DAYS_BACK), hour: 0, minute: 0 }, timeZone);
  const to = instantOf({ ...today, month: today.month + FEED_MONTHS_AHEAD, hour: 0, minute: 0 }, timeZone);
  return { from, to };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (w: Pick<WallTime, 'year' | 'month' | 'day'>) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;
const hhmm = (w: Pick<WallTime, 'hour' | 'minute'>) => `${pad(w.hour)}:${pad(w.minute)}`;

/** The calendar day `days` after a date (month and year overflow handled by Date.UTC). */
function dayStep(w: Pick<WallTime, 'year' | 'month' | 'day'>, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * An IANA zone named by a TZID the feed does not define: ical.js asks it for offsets, which come
 * from the runtime's zone data (the same rule as every other conversion, shared-types instantOf).
 */
class IanaZone extends ICAL.Timezone {
  constructor(tzid: string) {
    super({ tzid });
  }

  override utcOffset(tt: ICAL.Time): number {
    const asUtc = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute);
    return Math.round((asUtc - instantOf({ year: tt.year, month: tt.month, day: tt.day, hour: tt.hour, minute: tt.minute }, this.tzid).getTime()) / 1000);
  }
}

/**
 * A known Exchange defect: `DTSTART;TZID="W. Europe Standard Time:20200609T090000"` (the value
 * inside the quotes). ical.js refuses the whole feed for it, so the quote is moved back.
 */
function repairQuotedTzid(text: string): string {
  return text.replace(/;TZID="([^":\r\n]+):(\d{8}(?:T\d{6}Z?)?)"(\r?\n)/g, ';TZID="$1":$2$3');
}

/** Registers, once per process, the IANA zones a feed names without defining them. */
function registerUndefinedZones(calendar: ICAL.Component): void {
  const defined = new Set(calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid') ?? '')));
  for (const event of calendar.getAllSubcomponents('vevent')) {
    for (const prop of event.getAllProperties()) {
      const tzid: unknown = prop.getParameter('tzid');
      const name: unknown = Array.isArray(tzid) ? tzid[0] : tzid;
      if (typeof name !== 'string' || defined.has(name) || ICAL.TimezoneService.has(name) || !isTimeZone(name)) continue;
      ICAL.TimezoneService.register(new IanaZone(name), name);
    }
  }
}

/** The instant an ical.js time names; floating times are read in `floatingZone`, dates at noon. */
function instantOfTime(t: ICAL.Time, floatingZone: string): Date {
  if (t.isDate) return noonOf(dayOf(t), floatingZone);
  if (isFloating(t)) return instantOf({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute }, floatingZone);
  return new Date(t.toUnixTime() * 1000);
}

function isFloating(t: ICAL.Time): boolean {
  return !t.zone || t.zone === ICAL.Timezone.localTimezone || t.zone.tzid === 'floating';
}

/** The wall clock in the shop's zone at a time of the feed. */
function shopWall(t: ICAL.Time, floatingZone: string, timeZone: string): WallTime {
  return wallTimeIn(instantOfTime(t, floatingZone), timeZone);
}

/** RECURRENCE-ID as a key part: a date, a UTC stamp, or a floating wall time. */
function recurrenceKey(t: ICAL.Time, floatingZone: string): string {
  if (t.isDate) return dayOf(t).replaceAll('-', '');
  if (isFloating(t)) return `${dayOf(t).replaceAll('-', '')}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
  return instantOfTime(t, floatingZone)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Keys stay within the column: a very long one is replaced by its hash. */
function boundedKey(key: string): string {
  return key.length <= KEY_MAX ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function geoOf(component: ICAL.Component): FeedOccurrence['geo'] {
  const value = component.getFirstPropertyValue('geo') as unknown;
  if (!Array.isArray(value)) return null;
  const [latitude, longitude] = value.map(Number);
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

const isCancelled = (component: ICAL.Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
const sequenceOf = (component: ICAL.Component) => Number(component.getFirstPropertyValue('sequence') ?? 0) || 0;

/** What ical.js says of one occurrence (its typings leave the shape unresolved for the linter). */
interface Occurrence {
  item: ICAL.Event;
  startDate: ICAL.Time;
  endDate: ICAL.Time;
}
const occurrenceAt = (event: ICAL.Event, at: ICAL.Time) => event.getOccurrenceDetails(at) as unknown as Occurrence;

interface ReadContext {
  timeZone: string;
  floatingZone: string;
  window: FeedWindow;
}

/** The stops one occurrence makes: one for a timed event, one per day for an all-day event. */
function occurrenceStops(key: string, item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, ctx: ReadContext): FeedOccurrence[] {
  const fields = {
    title: text(item.summary, 200) ?? 'Untitled event',
    description: text(item.description, 5000),
    location: text(item.location, 500),
    geo: geoOf(item.component),
  };
  if (start.isDate) {
    const first = { year: start.year, month: start.month, day: start.day };
    const span = end.isDate ? Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(first.year, first.month - 1, first.day)) / 86_400_000) : 1;
    const days = Math.min(Math.max(span, 1), ALL_DAY_SPAN_CAP);
    return Array.from({ length: days }, (_, i) => ({
      ...fields,
      key: boundedKey(i === 0 ? key : `${key}/d${i + 1}`),
      day: dayOf(dayStep(first, i)),
      startTime: null,
      endTime: null,
    }));
  }
  const from = shopWall(start, ctx.floatingZone, ctx.timeZone);
  const to = shopWall(end, ctx.floatingZone, ctx.timeZone);
  const startTime = hhmm(from);
  const endTime = instantOfTime(end, ctx.floatingZone) > instantOfTime(start, ctx.floatingZone) && hhmm(to) !== startTime ? hhmm(to) : null;
  return [{ ...fields, key: boundedKey(key), day: dayOf(from), startTime, endTime }];
}

/** Every stop of one UID (its master, its overrides) inside the window. */
function expandUid(uid: string, components: ICAL.Component[], ctx: ReadContext): FeedOccurrence[] {
  const masters = components.filter((c) => !c.hasProperty('recurrence-id'));
  const overrides = components.filter((c) => c.hasProperty('recurrence-id'));
  // Duplicated masters: the highest SEQUENCE (then the last) is the current one.
  const master = masters.reduce<ICAL.Component | undefined>((best, c) => (!best || sequenceOf(c) >= sequenceOf(best) ? c : best), undefined);
  const stops: FeedOccurrence[] = [];
  const inWindow = (s: FeedOccurrence) => {
    const noon = noonOf(s.day, ctx.timeZone);
    return noon >= ctx.window.from && noon < ctx.window.to;
  };

  if (!master) {
    // Overrides whose series is not in the feed (an invitation to one occurrence): each stands alone.
    for (const c of overrides) {
      if (isCancelled(c)) continue;
      const event = new ICAL.Event(c);
      stops.push(...occurrenceStops(`${uid}#${recurrenceKey(event.recurrenceId, ctx.floatingZone)}`, event, event.startDate, event.endDate, ctx));
    }
    return stops.filter(inWindow);
  }
  if (isCancelled(master)) return [];
  const event = new ICAL.Event(master, { exceptions: overrides });
  if (!event.startDate) throw new Error('no DTSTART');

  if (!event.isRecurring()) {
    const details = occurrenceAt(event, event.startDate);
    if (isCancelled(details.item.component)) return [];
    return occurrenceStops(uid, details.item, details.startDate, details.endDate, ctx).filter(inWindow);
  }

  const last = ctx.window.to.getTime() + MOVED_INTO_WINDOW_MS;
  const iterator = event.iterator();
  for (let steps = 0, rid = iterator.next(); rid && steps < ITERATION_CAP; steps++, rid = iterator.next()) {
    if (instantOfTime(rid, ctx.floatingZone).getTime() >= last) break;
    const details = occurrenceAt(event, rid);
    if (isCancelled(details.item.component)) continue;
    stops.push(...occurrenceStops(`${uid}#${recurrenceKey(rid, ctx.floatingZone)}`, details.item, details.startDate, details.endDate, ctx).filter(inWindow));
  }
  return stops;
}

/**
 * Reads a feed into the occurrences of the window around `now`, in the shop's zone. Throws when
 * the text is not an iCalendar stream at all; an event that cannot be read is counted and skipped.
 */
export function readFeed(feedText: string, options: { timeZone: string; now: Date }): FeedReading {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(repairQuotedTzid(feedText));
  } catch (err) {
    throw new Error(`The feed is not valid iCalendar: ${errorText(err)}`);
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])).map((jcal) => new ICAL.Component(jcal as never));
  const calendars = roots.filter((c) => c.name === 'vcalendar');
  if (!calendars.length) throw new Error('Not an iCalendar feed');

  const window = feedWindow(options.now, options.timeZone);
  const all: FeedOccurrence[] = [];
  let skipped = 0;
  for (const calendar of calendars) {
    registerUndefinedZones(calendar);
    const declared = String(calendar.getFirstPropertyValue('x-wr-timezone') ?? '').trim();
    const ctx: ReadContext = { timeZone: options.timeZone, floatingZone: isTimeZone(declared) ? declared : options.timeZone, window };
    const byUid = new Map<string, ICAL.Component[]>();
    for (const component of calendar.getAllSubcomponents('vevent')) {
      if (!component.hasProperty('dtstart')) {
        skipped++;
        continue;
      }
      const uid =
        text(component.getFirstPropertyValue('uid'), KEY_MAX) ??
        `no-uid-${createHash('sha256')
          .update(`${component.getFirstProperty('dtstart')?.toICALString() ?? ''}|${String(component.getFirstPropertyValue('summary') ?? '')}`)
          .digest('hex')
          .slice(0, 32)}`;
      byUid.set(uid, [...(byUid.get(uid) ?? []), component]);
    }
    for (const [uid, components] of byUid) {
      try {
        all.push(...expandUid(uid, components, ctx));
      } catch {
        skipped++;
      }
    }
  }

  const seen = new Set<string>();
  const unique = all.filter((o) => !seen.has(o.key) && seen.add(o.key));
  unique.sort((a, b) => (a.day === b.day ? (a.startTime ?? '').localeCompare(b.startTime ?? '') : a.day.localeCompare(b.day)));
  return { occurrences: unique.slice(0, FEED_OCCURRENCE_CAP), skipped, truncated: Math.max(0, unique.length - FEED_OCCURRENCE_CAP) };
}

/** A stop as the published feed shows it. */
export interface PublishedStop {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  place: { address: string | null; latitude: number | null; longitude: number | null };
  /** Noon of the stop's day in the shop's zone. */
  date: Date;
  startTime: string | null;
  endTime: string | null;
  updatedAt: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The shop's schedule as an iCalendar feed. Timed stops are written as UTC instants of their wall
 * time in the shop's zone (correct in every subscriber's calendar, whatever zone the server runs
 * in); without an end they last an hour; an end before the start is on the next day. All-day stops
 * (no start time) are DATE values.
 */
export function publishedCalendar(stops: PublishedStop[], options: { name: string; host: string; url: string; timeZone: string }): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Cocoa Shop', product: 'Live Cocoa Tracker', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    scale: 'GREGORIAN',
    ttl: 60 * 60,
  });
  for (const stop of stops) {
    const day = wallTimeIn(stop.date, options.timeZone);
    const at = (time: string, offsetDays = 0) =>
      instantOf({ ...dayStep(day, offsetDays), hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) }, options.timeZone);
    let start: Date;
    let end: Date;
    if (stop.startTime) {
      start = at(stop.startTime);
      end = stop.endTime ? at(stop.endTime) : new Date(start.getTime() + HOUR_MS);
      if (stop.endTime && end <= start) end = at(stop.endTime, 1);
    } else {
      start = new Date(Date.UTC(day.year, day.month - 1, day.day));
      end = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
    }
    const { address, latitude, longitude } = stop.place;
    const place = stop.location && address && !address.startsWith(stop.location) ? `${stop.location}, ${address}` : (address ?? stop.location);
    const geo = latitude !== null && longitude !== null ? { lat: latitude, lon: longitude } : undefined;
    calendar.createEvent({
      id: `scheduled-location-${stop.id}@${options.host}`,
      stamp: stop.updatedAt,
      start,
      end,
      allDay: !stop.startTime,
      summary: stop.title,
      description: stop.description,
      location: place ? { title: place, geo } : geo ? { geo } : null,
      url: options.url,
    });
  }
  return calendar.toString();
}
