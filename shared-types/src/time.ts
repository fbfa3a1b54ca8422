import { localTimeZone, sameClock, zoneAbbreviation, zonedDateFormat } from './time-zone';

/**
 * Event time display (Live Cocoa Tracker): empty → TBD; text already holding AM or PM
 * is kept; 'HH:MM' becomes 12-hour with AM/PM; an ISO date-time is converted likewise (in the
 * viewer's local time); anything else → TBD.
 */
export function formatEventTime(value: string | null | undefined): string {
  if (value == null) return 'TBD';
  const text = String(value).trim();
  if (text === '') return 'TBD';
  if (/(?:\b|\d)(?:AM|PM)\b/i.test(text)) return text;
  const hhmm = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (hhmm) {
    const hours = Number(hhmm[1]);
    const minutes = Number(hhmm[2]);
    if (hours > 23 || minutes > 59) return 'TBD';
    return twelveHour(hours, minutes);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return 'TBD';
    return twelveHour(date.getHours(), date.getMinutes());
  }
  return 'TBD';
}

function twelveHour(hours: number, minutes: number): string {
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** A day of 24 hours, in milliseconds (spans measured in elapsed time, not calendar days in a zone). */
export const DAY_MS = 86_400_000;

/**
 * An en-US date format made on its first use, then kept. Making the first one loads the browser's
 * locale data (a task of tens of milliseconds on a phone), so a module does not make one when it
 * loads: a page that shows no date never pays for it.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', options));
}

/** 'HH:MM' 24-hour clock, as the location form sends start and end times. */
export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * en-US long date ('November 22, 2026'), or 'N/A' when missing or invalid (order history). With a
 * time zone, the day is the one in that zone (a stop's day is the shop's, wherever the viewer is).
 */
export function formatLongDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return longDateFormat(timeZone ?? localTimeZone()).format(date);
}

const longDateFormat = zonedDateFormat({ year: 'numeric', month: 'long', day: 'numeric' });

/** A stop as the time display needs it: its day (an instant at noon of it) and the shop's zone. */
export interface ZonedStop {
  date: string;
  timeZone?: string;
}

/**
 * The zone's abbreviation to print after a stop's times ('CST'), or '' when the viewer's clock
 * shows the same time as the shop's (then the plain time is right for them).
 */
export function stopZoneLabel(stop: ZonedStop, viewerZone: string = localTimeZone()): string {
  if (!stop.timeZone) return '';
  const at = new Date(stop.date);
  if (Number.isNaN(at.getTime()) || sameClock(stop.timeZone, viewerZone, at)) return '';
  return zoneAbbreviation(stop.timeZone, at);
}

/**
 * A stop's start and end as people read them: '9:00 AM - 1:15 PM', with the shop zone's
 * abbreviation when the viewer is elsewhere ('9:00 AM - 1:15 PM CST'); TBD rules as formatEventTime.
 */
export function formatStopTimes(stop: ZonedStop & { startTime: string | null; endTime?: string | null }, viewerZone?: string): string {
  const start = formatEventTime(stop.startTime);
  const text = stop.endTime === undefined ? start : `${start} - ${formatEventTime(stop.endTime)}`;
  const label = start === 'TBD' && (stop.endTime === undefined || formatEventTime(stop.endTime) === 'TBD') ? '' : stopZoneLabel(stop, viewerZone);
  return label ? `${text} ${label}` : text;
}
