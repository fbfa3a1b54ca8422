import { formatStopTimes, lazyDateFormat } from '@cocoa/shared-types';

const DAY = lazyDateFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A booking's day ('YYYY-MM-DD', the shop's calendar) as people read it: 'Friday, June 5, 2026'. */
export const bookingDay = (day: string) => DAY().format(new Date(`${day}T12:00:00Z`));

/** Start and end on the shop's clock, with its zone's abbreviation when the viewer's clock differs ('2:00 PM - 5:00 PM CDT'). */
export const bookingTimes = (b: { date: string; startTime: string; endTime: string; timeZone?: string }) =>
  formatStopTimes({ date: `${b.date}T12:00:00Z`, timeZone: b.timeZone, startTime: b.startTime, endTime: b.endTime });

/** A package's length: '3 hours', '2 hours 30 minutes', '45 minutes'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '';
  const m = rest ? `${rest} minute${rest === 1 ? '' : 's'}` : '';
  return [h, m].filter(Boolean).join(' ');
}

/** 'HH:MM' plus minutes, on a 24-hour clock that wraps at midnight. */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
