// No schema (zod) here: the tracker's pure helpers are in the start-up chunk of the PWA.
import { dayIn } from './time-zone';

/** Map markers and directions need valid numeric coordinates. */
export function hasValidCoordinates(event: { latitude: unknown; longitude: unknown }): event is { latitude: number; longitude: number } {
  const { latitude, longitude } = event;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** Case and spacing do not make another address (the geocode cache and the scheduler compare addresses so). */
export function normaliseAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Map constants of the Live Cocoa Tracker. */
export const MAP_DEFAULT_CENTER: LatLng = [39.83, -98.58];
export const MAP_DEFAULT_ZOOM = 11;
export const MAP_DAY_ZOOM = 13;
export const MAP_MONTH_ZOOM = 10;
export const MAP_FOCUS_ZOOM = 15;
export const MAP_TILE_MAX_ZOOM = 20;
export const MAP_HEIGHT_PX = 600;

export type LatLng = [number, number];
export interface MapView {
  center: LatLng;
  zoom: number;
}

interface Dated {
  date: string;
  /** The shop's zone the stop's day is read in; without it, the viewer's own. */
  timeZone?: string;
  latitude: number | null;
  longitude: number | null;
}

/** The calendar day of a date or ISO string as 'YYYY-MM-DD' ('' when invalid): in `timeZone` when given, else local. */
export function dayKey(value: string | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) return dayIn(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day a stop is on, in the shop's zone. */
/** The day a stop is on, in its own (the shop's) zone. */
export const stopDay = (e: Dated): string => dayKey(e.date, e.timeZone);

/** Events falling on the given local day ('YYYY-MM-DD'), in their order. */
export function eventsOnDay<T extends Dated>(events: readonly T[], day: string): T[] {
  return events.filter((e) => stopDay(e) === day);
}

/** Events of the given month ('YYYY-MM'), in their order: the ones the map shows. */
export function eventsInMonth<T extends Dated>(events: readonly T[], month: string): T[] {
  return events.filter((e) => stopDay(e).startsWith(`${month}-`));
}

/** Days ('YYYY-MM-DD') having at least one event: outlined in the calendar. */
export function eventDays(events: readonly Dated[]): Set<string> {
  return new Set(events.map(stopDay).filter(Boolean));
}

/** The mean position of the events with valid coordinates, or null when none have any. */
export function averagePosition(events: readonly Dated[]): LatLng | null {
  const located = events.filter(hasValidCoordinates) as unknown as Array<{ latitude: number; longitude: number }>;
  if (located.length === 0) return null;
  const lat = located.reduce((sum, e) => sum + e.latitude, 0) / located.length;
  const lng = located.reduce((sum, e) => sum + e.longitude, 0) / located.length;
  return [lat, lng];
}

/**
 * Where the map looks: the chosen day's first located event at zoom 13; else the
 * average of the month's located events at zoom 10; else the middle of the US at zoom 11.
 */
export function mapViewFor(monthEvents: readonly Dated[], selectedDay: string | null): MapView {
  if (selectedDay) {
    const first = eventsOnDay(monthEvents, selectedDay).find(hasValidCoordinates) as unknown as { latitude: number; longitude: number } | undefined;
    if (first) return { center: [first.latitude, first.longitude], zoom: MAP_DAY_ZOOM };
  }
  const average = averagePosition(monthEvents);
  if (average) return { center: average, zoom: MAP_MONTH_ZOOM };
  return { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM };
}

/** An external maps directions link to the coordinates (opened in a new tab). */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * 'Near me': upcoming events (today or later) with valid coordinates, nearest first, each with its
 * distance; events without coordinates follow in date order.
 */
export function upcomingNearest<T extends Dated>(events: readonly T[], from: LatLng, today: string): Array<T & { distanceKm: number | null }> {
  const upcoming = events.filter((e) => stopDay(e) >= today);
  const located = upcoming
    .filter(hasValidCoordinates)
    .map((e) => ({ ...e, distanceKm: distanceKm(from, [e.latitude as number, e.longitude as number]) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
  const unlocated = upcoming.filter((e) => !hasValidCoordinates(e)).map((e) => ({ ...e, distanceKm: null }));
  return [...located, ...unlocated];
}

/**
 * The weeks of a month calendar (Sunday first): 'YYYY-MM-DD' for days of the month, null for
 * the blank cells before the 1st and after the last day.
 */
export function monthGrid(month: string): Array<Array<string | null>> {
  const [year, monthIndex] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1];
  const first = new Date(year, monthIndex, 1);
  const days = new Date(year, monthIndex + 1, 0).getDate();
  const cells: Array<string | null> = Array.from({ length: first.getDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month ('YYYY-MM') `delta` months after the given one. */
export function addMonths(month: string, delta: number): string {
  const date = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + delta, 1);
  return dayKey(date).slice(0, 7);
}

/** First instant of a month and of the next one, in local time: the range GET /api/events asks for. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, monthIndex] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1];
  return { from: new Date(year, monthIndex, 1), to: new Date(year, monthIndex + 1, 1) };
}
