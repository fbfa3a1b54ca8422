import { formatEventTime, formatLongDate, lazyDateFormat } from './time';

describe('event time display', () => {
  it('shows TBD for empty or invalid values', () => {
    for (const v of [undefined, null, '', '   ', 'soon', '25:00', '12:75', '2026-13-45T99:99']) expect(formatEventTime(v)).toBe('TBD');
  });

  it('keeps text that already says AM or PM', () => {
    expect(formatEventTime('10:00 AM')).toBe('10:00 AM');
    expect(formatEventTime('Noon till 2pm')).toBe('Noon till 2pm');
  });

  it('turns HH:MM into 12-hour time', () => {
    expect(formatEventTime('00:05')).toBe('12:05 AM');
    expect(formatEventTime('09:30')).toBe('9:30 AM');
    expect(formatEventTime('12:00')).toBe('12:00 PM');
    expect(formatEventTime('17:45')).toBe('5:45 PM');
  });

  it('converts an ISO date-time in local time', () => {
    const local = new Date(2026, 10, 22, 15, 7);
    expect(formatEventTime(local.toISOString())).toBe('3:07 PM');
  });

  it('formats long en-US dates and N/A when missing', () => {
    expect(formatLongDate(new Date(2026, 10, 22))).toBe('November 22, 2026');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});

describe('lazyDateFormat', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes its en-US format at the first use, not before, and keeps it', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const day = lazyDateFormat({ month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(made).not.toHaveBeenCalled();
    expect(day().format(new Date('2026-11-27T12:00:00Z'))).toBe('November 27, 2026');
    expect(day()).toBe(day());
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenCalledWith('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  });
});
