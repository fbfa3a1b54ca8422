import { formatLongDate, formatStopTimes } from './time';
import { dayKey, eventDays, eventsInMonth, eventsOnDay } from './tracker';
import { dayIn, instantOf, isTimeZone, noonOf, sameClock, startOfDayIn, startOfMonthIn, startOfWeekIn, wallTimeIn, zoneAbbreviation } from './time-zone';

// These rules must not depend on the zone of the process running them: the suite is run with
// TZ=UTC and TZ=Pacific/Auckland too (scripts/test.mjs), and the answers below are the same.
describe('shop time zone rules', () => {
  it('reads an instant as a Chicago wall clock in winter and in summer', () => {
    expect(wallTimeIn(new Date('2026-01-15T17:00:00Z'), 'America/Chicago')).toEqual({ year: 2026, month: 1, day: 15, hour: 11, minute: 0 });
    expect(wallTimeIn(new Date('2026-07-15T16:00:00Z'), 'America/Chicago')).toEqual({ year: 2026, month: 7, day: 15, hour: 11, minute: 0 });
  });

  it('turns an 11:00 AM Chicago stop into the right instant whatever zone the server runs in', () => {
    expect(instantOf({ year: 2026, month: 12, day: 5, hour: 11, minute: 0 }, 'America/Chicago').toISOString()).toBe('2026-12-05T17:00:00.000Z');
    expect(instantOf({ year: 2026, month: 6, day: 5, hour: 11, minute: 0 }, 'America/Chicago').toISOString()).toBe('2026-06-05T16:00:00.000Z');
    expect(instantOf({ year: 2026, month: 6, day: 5, hour: 11, minute: 0 }, 'Pacific/Auckland').toISOString()).toBe('2026-06-04T23:00:00.000Z');
  });

  it('moves a wall time skipped by spring-forward past the gap, as calendar programs do', () => {
    // 2026-03-08 02:30 does not exist in Chicago.
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('stores a day as noon in the shop zone and reads the same day back', () => {
    const noon = noonOf('2026-11-30', 'America/Chicago');
    expect(noon.toISOString()).toBe('2026-11-30T18:00:00.000Z');
    expect(dayIn(noon, 'America/Chicago')).toBe('2026-11-30');
    // Read in Auckland that instant is already Tuesday: the zone matters.
    expect(dayIn(noon, 'Pacific/Auckland')).toBe('2026-12-01');
  });

  it('finds the first of the month at midnight in the zone, across a year boundary', () => {
    expect(startOfMonthIn(new Date('2026-12-01T03:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfMonthIn(new Date('2026-12-15T12:00:00Z'), 'America/Chicago', 1).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(startOfMonthIn(new Date('2026-01-15T12:00:00Z'), 'America/Chicago', -1).toISOString()).toBe('2025-12-01T06:00:00.000Z');
  });

  it('finds midnight of a day in the zone, days before or after, across a DST change', () => {
    // 2026-03-08 is the spring-forward Sunday in Chicago: its midnight is CST, the next one CDT.
    expect(startOfDayIn(new Date('2026-03-09T04:59:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn(new Date('2026-03-09T05:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfDayIn(new Date('2026-03-09T12:00:00Z'), 'America/Chicago', -1).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn(new Date('2026-12-31T12:00:00Z'), 'America/Chicago', 1).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(startOfDayIn(new Date('2026-03-01T12:00:00Z'), 'America/Chicago', -30).toISOString()).toBe('2026-01-30T06:00:00.000Z');
  });

  it('starts the week on Monday at midnight in the zone', () => {
    // Wednesday 2026-03-11 and Sunday 2026-03-15 (Chicago) are in the week of Monday 2026-03-09.
    expect(startOfWeekIn(new Date('2026-03-11T18:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfWeekIn(new Date('2026-03-16T04:59:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    // A Monday at midnight is its own week's start.
    expect(startOfWeekIn(new Date('2026-03-16T05:00:00Z'), 'America/Chicago').toISOString()).toBe('2026-03-16T05:00:00.000Z');
    // Friday 2027-01-01 in Auckland (NZDT, +13): the week began on Monday 2026-12-28.
    expect(startOfWeekIn(new Date('2026-12-31T12:00:00Z'), 'Pacific/Auckland').toISOString()).toBe('2026-12-27T11:00:00.000Z');
  });

  it('names the zone the way people read it', () => {
    expect(zoneAbbreviation('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe('CST');
    expect(zoneAbbreviation('America/Chicago', new Date('2026-07-15T12:00:00Z'))).toBe('CDT');
    expect(zoneAbbreviation('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('EDT');
    expect(sameClock('America/Chicago', 'America/Winnipeg', new Date('2026-07-15T12:00:00Z'))).toBe(true);
    expect(sameClock('America/Chicago', 'America/Denver', new Date('2026-07-15T12:00:00Z'))).toBe(false);
  });

  it('accepts IANA names only', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['', 'CST', '+05:00', 'America/Atlantis', 'Chicago', 'America/Chicago; drop']) expect(isTimeZone(bad)).toBe(false);
  });
});

describe("a stop's day and times, shown to a viewer anywhere", () => {
  const chicagoStop = {
    date: '2026-11-30T18:00:00.000Z',
    timeZone: 'America/Chicago',
    startTime: '09:00',
    endTime: '13:15',
    latitude: 41.88,
    longitude: -87.62,
  };

  it('prints the plain times for a viewer on the shop clock and adds the abbreviation elsewhere', () => {
    expect(formatStopTimes(chicagoStop, 'America/Chicago')).toBe('9:00 AM - 1:15 PM');
    expect(formatStopTimes(chicagoStop, 'America/Winnipeg')).toBe('9:00 AM - 1:15 PM');
    expect(formatStopTimes(chicagoStop, 'America/New_York')).toBe('9:00 AM - 1:15 PM CST');
    expect(formatStopTimes({ ...chicagoStop, date: '2026-07-04T17:00:00.000Z' }, 'Europe/Berlin')).toBe('9:00 AM - 1:15 PM CDT');
    expect(formatStopTimes({ ...chicagoStop, endTime: undefined }, 'America/Denver')).toBe('9:00 AM CST');
  });

  it('leaves TBD alone and needs the shop zone to label anything', () => {
    expect(formatStopTimes({ ...chicagoStop, startTime: null, endTime: null }, 'America/New_York')).toBe('TBD - TBD');
    expect(formatStopTimes({ ...chicagoStop, timeZone: undefined }, 'America/New_York')).toBe('9:00 AM - 1:15 PM');
  });

  it("puts a stop on the shop's day in the calendar, whatever zone the viewer's device is in", () => {
    // Noon in Chicago on November 30 is already December 1 in Auckland: the stop stays on the 30th.
    expect(dayKey(chicagoStop.date, chicagoStop.timeZone)).toBe('2026-11-30');
    expect(eventsOnDay([chicagoStop], '2026-11-30')).toHaveLength(1);
    expect(eventsInMonth([chicagoStop], '2026-11')).toHaveLength(1);
    expect([...eventDays([chicagoStop])]).toEqual(['2026-11-30']);
    expect(formatLongDate(chicagoStop.date, chicagoStop.timeZone)).toBe('November 30, 2026');
    expect(formatLongDate('2026-11-30T23:30:00.000Z', 'Pacific/Auckland')).toBe('December 1, 2026');
  });
});
