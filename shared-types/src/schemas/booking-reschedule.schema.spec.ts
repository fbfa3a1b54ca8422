import { BOOKING_STATES } from '../booking';
import { bookingRescheduleSchema, bookingRescheduleSchemaFor, canRescheduleBooking } from './booking.schema';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.success ? null : [result.error!.issues[0].path.join('.'), result.error!.issues[0].message];

describe('the owner’s reschedule', () => {
  it('may move a booking that is requested, awaiting its deposit, confirmed or balance due; never one that is over, declined or cancelled', () => {
    expect(BOOKING_STATES.filter(canRescheduleBooking)).toEqual(['requested', 'awaiting_deposit', 'confirmed', 'balance_due']);
  });

  it('takes a day, two wall-clock times and an optional note (trimmed; blank is none)', () => {
    expect(bookingRescheduleSchema.parse({ date: ' 2031-06-20 ', startTime: '17:00', endTime: '20:30', note: '  Moved a week.  ' })).toEqual({
      date: '2031-06-20',
      startTime: '17:00',
      endTime: '20:30',
      note: 'Moved a week.',
    });
    expect(bookingRescheduleSchema.parse({ date: '2031-06-20', startTime: '23:00', endTime: '01:00', note: '   ' })).toEqual({
      date: '2031-06-20',
      startTime: '23:00',
      endTime: '01:00',
      note: null,
    });
  });

  it.each([
    [{ startTime: '17:00', endTime: '20:00' }, ['date', 'Please choose a date']],
    [{ date: '', startTime: '17:00', endTime: '20:00' }, ['date', 'Please choose a date']],
    [{ date: '2031-02-30', startTime: '17:00', endTime: '20:00' }, ['date', 'Date must be a date (YYYY-MM-DD)']],
    [{ date: '2031-06-20', startTime: '24:00', endTime: '20:00' }, ['startTime', 'Start time must be a time (HH:MM, 24-hour)']],
    [{ date: '2031-06-20', startTime: '17:00', endTime: ' ' }, ['endTime', 'End time is required']],
    [{ date: '2031-06-20', startTime: '17:00', endTime: '17:00' }, ['endTime', 'End time must differ from the start time']],
    [{ date: '2031-06-20', startTime: '17:00', endTime: '20:00', note: 'x'.repeat(2001) }, ['note', 'Must be at most 2000 characters']],
    [{ date: '2031-06-20', startTime: '17:00', endTime: '20:00', guests: 10 }, ['', 'Unrecognized key: "guests"']],
  ])('refuses %j', (input, expected) => {
    const result = bookingRescheduleSchema.safeParse(input);
    expect(result.success).toBe(false);
    const [path, message] = firstMessage(result)!;
    expect([path, message]).toEqual(expected);
  });

  it('with the shop’s today: today or later, never a past day', () => {
    const schema = bookingRescheduleSchemaFor({ today: '2031-06-20' });
    expect(schema.safeParse({ date: '2031-06-20', startTime: '17:00', endTime: '20:00' }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ date: '2031-06-19', startTime: '17:00', endTime: '20:00' }))).toEqual([
      'date',
      'Please choose today or a later date',
    ]);
  });
});
