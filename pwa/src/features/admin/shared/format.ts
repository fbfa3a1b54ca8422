import { format } from 'date-fns';
import { dayKey, noonOf } from '@cocoa/shared-types';

/** Backup and image sizes: B, KB, MB, GB with 1024 steps, at most two decimals. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 100) / 100);
  return `${rounded} ${units[unit]}`;
}

/** 'MMM dd, yyyy' in local time, or of the day in `timeZone` (a stop's, in the shop's zone); '' when missing or invalid. */
export function formatDay(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!timeZone) return format(date, 'MMM dd, yyyy');
  const [year, month, day] = dayKey(date, timeZone).split('-').map(Number);
  return format(new Date(year, month - 1, day), 'MMM dd, yyyy');
}

/** A date and time for lists of backups and images ('MMM dd, yyyy h:mm a'). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, 'MMM dd, yyyy h:mm a');
}

/**
 * The location form's date ('YYYY-MM-DD' from a date input) as noon of that day, as an ISO instant
 *: noon in the shop's time zone when it is known (the tablet may be elsewhere), else
 * noon local time. Noon keeps the day the same in every nearby time zone.
 */
export function noonLocalIso(day: string, timeZone?: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = timeZone ? noonOf(day, timeZone) : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12, 0, 0, 0);
  if (Number.isNaN(date.getTime()) || dayKey(date, timeZone) !== day) return null;
  return date.toISOString();
}

/** An event's ISO date back to the form's 'YYYY-MM-DD': its day in the shop's zone when given, else the local day. */
export function dayInputValue(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dayKey(date, timeZone);
}

/** Who made a change, in words: the owner's name for an admin, the customer, or the shop itself. */
export const actorLabel = (actor: string) =>
  actor.startsWith('admin:') ? actor.slice('admin:'.length) : actor === 'customer' ? 'Customer' : actor === 'system' ? 'Shop' : actor;
