import { TZDate } from '@date-fns/tz';

/**
 * One shop time zone (docs/features.md, "Time zone"). Stored wall-clock times (a stop's day, start and
 * end) are in it; nothing reads the server process's or the viewer's own zone to interpret them.
 * The rules here are the only place that converts between an instant and a wall time in a zone.
 */
export const DEFAULT_SHOP_TIME_ZONE = 'America/Chicago';

/** A wall-clock reading in some zone. month is 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An IANA zone name the runtime knows ('America/Chicago', 'UTC'); offsets and abbreviations are refused. */
export function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** What a clock in `timeZone` showed at `instant`. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
  const t = new TZDate(instant.getTime(), timeZone);
  return { year: t.getFullYear(), month: t.getMonth() + 1, day: t.getDate(), hour: t.getHours(), minute: t.getMinutes() };
}

/**
 * The instant a clock in `timeZone` shows `wall`. A wall time skipped by a DST change moves
 * forward by the gap (2:30 AM on a spring-forward day is 3:30 AM), as calendar programs do.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  return new Date(new TZDate(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, 0, 0, timeZone).getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the day `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const w = wallTimeIn(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * 'YYYY-MM-DD' and 'HH:MM' on a clock in `timeZone`, written as ISO 8601 with that zone's offset
 * then ('2026-06-10T10:00:00.000-05:00'): how structured data (schema.org's Event) states a stop's times.
 */
export function zonedIsoOf(day: string, time: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const at = instantOf({ year, month, day: date, hour, minute }, timeZone);
  return new TZDate(at.getTime(), timeZone).toISOString();
}

/** 'YYYY-MM-DD' → noon of that day in `timeZone`: how a stop's day is stored ('noon of the chosen day'). */
export function noonOf(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return instantOf({ year, month, day: date, hour: 12, minute: 0 }, timeZone);
}

/** Midnight starting the 1st of the month `instant` falls in, `deltaMonths` months later, in `timeZone`. */
export function startOfMonthIn(instant: Date, timeZone: string, deltaMonths = 0): Date {
  const w = wallTimeIn(instant, timeZone);
  const monthIndex = w.month - 1 + deltaMonths;
  const year = w.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  return instantOf({ year, month, day: 1, hour: 0, minute: 0 }, timeZone);
}

/** Midnight starting the day `instant` falls on in `timeZone`, `deltaDays` days later (a DST day is 23 or 25 hours). */
export function startOfDayIn(instant: Date, timeZone: string, deltaDays = 0): Date {
  const w = wallTimeIn(instant, timeZone);
  // Date.UTC only counts days here: it carries an overflowing or negative day into the month and year.
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + deltaDays));
  return instantOf({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 }, timeZone);
}

/** The shop's weeks start on Monday (ISO 8601, as PostgreSQL's date_trunc('week') counts them). */
export const WEEK_STARTS_ON = 'Monday';

/** Midnight starting the Monday of the week `instant` falls in, in `timeZone`. */
export function startOfWeekIn(instant: Date, timeZone: string): Date {
  const w = wallTimeIn(instant, timeZone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  return startOfDayIn(instant, timeZone, -((weekday + 6) % 7));
}

/** How long localTimeZone() keeps its answer: a phone carried into another zone reads the new one within a minute. */
const LOCAL_ZONE_TTL_MS = 60_000;
let localZone: { name: string; readAt: number } | undefined;

/**
 * The zone this runtime (a browser, the server process) is in. Read once a minute, not on every
 * call: each read builds an Intl.DateTimeFormat, and a page showing a month of stops asks for it
 * in every day's cell, on every render.
 */
export function localTimeZone(): string {
  const now = Date.now();
  if (!localZone || Math.abs(now - localZone.readAt) > LOCAL_ZONE_TTL_MS) {
    localZone = { name: Intl.DateTimeFormat().resolvedOptions().timeZone, readAt: now };
  }
  return localZone.name;
}

/**
 * An en-US date format in a given zone, one per zone, made at its first use and kept: each new
 * Intl.DateTimeFormat costs a fraction of a millisecond, and a list of stops formats one per stop.
 */
export function zonedDateFormat(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

const abbreviationFormat = zonedDateFormat({ timeZoneName: 'short' });

/** The zone's short name at that instant: 'CST' / 'CDT' for America/Chicago, 'GMT+13' where no name exists. */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const part = abbreviationFormat(timeZone)
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** Whether two zones show the same clock at that instant (Chicago and Winnipeg do; Chicago and Denver don't). */
export function sameClock(a: string, b: string, at: Date): boolean {
  const x = wallTimeIn(at, a);
  const y = wallTimeIn(at, b);
  return x.day === y.day && x.hour === y.hour && x.minute === y.minute;
}
