/**
 * Event time display (SPEC §2, Live Cocoa Tracker): empty → TBD; text already holding AM or PM
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

/** 'HH:MM' 24-hour clock, as the location form sends start and end times. */
export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** en-US long date ('November 22, 2026'), or 'N/A' when missing or invalid (order history). */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
