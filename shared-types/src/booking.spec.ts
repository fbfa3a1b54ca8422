import {
  BOOKING_MOVES,
  BOOKING_REFERENCE_ALPHABET,
  BOOKING_STATES,
  bookingEstimate,
  bookingReference,
  canMoveBooking,
  cancellationPolicyText,
  customerCancellationRefund,
  daysBetween,
  daysOfMonth,
  firstBookableDay,
  normaliseBookingReference,
  shiftDay,
  splitQuote,
} from './booking';
import { percentOfCents } from './money';
import { bookingRequestSchemaFor, bookingSettingsInputSchema } from './schemas/booking.schema';

const hotCocoaBar = { pricePerGuestCents: 850, minimumCents: 30000, depositPercent: 25 };

describe('the booking estimate', () => {
  it('charges guests × price per guest when that is above the minimum', () => {
    expect(bookingEstimate(hotCocoaBar, 60)).toEqual({
      guestsCents: 51000,
      totalCents: 51000,
      depositCents: 12750,
      balanceCents: 38250,
      minimumApplied: false,
    });
  });

  it('charges the minimum when the guests come to less', () => {
    expect(bookingEstimate(hotCocoaBar, 20)).toEqual({ guestsCents: 17000, totalCents: 30000, depositCents: 7500, balanceCents: 22500, minimumApplied: true });
    // Exactly the minimum is not "the minimum applied".
    expect(bookingEstimate({ ...hotCocoaBar, minimumCents: 17000 }, 20).minimumApplied).toBe(false);
  });

  it('rounds the deposit to the nearest cent (half up) and the balance takes the rest, so the two always add up', () => {
    expect(splitQuote(12345, 25)).toEqual({ totalCents: 12345, depositCents: 3086, balanceCents: 9259 }); // 3086.25
    expect(splitQuote(12346, 25)).toEqual({ totalCents: 12346, depositCents: 3087, balanceCents: 9259 }); // 3086.5
    expect(splitQuote(99999, 33)).toEqual({ totalCents: 99999, depositCents: 33000, balanceCents: 66999 }); // 32999.67
    for (let total = 0; total < 3000; total += 7) {
      for (const percent of [0, 1, 10, 25, 33, 50, 99, 100]) {
        const { depositCents, balanceCents } = splitQuote(total, percent);
        expect(Number.isInteger(depositCents)).toBe(true);
        expect(depositCents + balanceCents).toBe(total);
        expect(Math.abs(depositCents - (total * percent) / 100)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('takes no deposit at 0 % and the whole total at 100 %', () => {
    expect(splitQuote(50000, 0)).toEqual({ totalCents: 50000, depositCents: 0, balanceCents: 50000 });
    expect(splitQuote(50000, 100)).toEqual({ totalCents: 50000, depositCents: 50000, balanceCents: 0 });
    expect(percentOfCents(1, 50)).toBe(1);
  });
});

describe('booking states', () => {
  it('allows exactly the moves of the issue (and a customer withdrawing an unanswered request)', () => {
    const allowed = BOOKING_STATES.flatMap((from) => BOOKING_MOVES[from].map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      [
        'requested→awaiting_deposit',
        'requested→declined',
        'requested→cancelled',
        'awaiting_deposit→confirmed',
        'awaiting_deposit→cancelled',
        'confirmed→balance_due',
        'confirmed→cancelled',
        'confirmed→completed',
        'balance_due→completed',
        'balance_due→cancelled',
      ].sort(),
    );
  });

  it('refuses the moves people try by mistake', () => {
    expect(canMoveBooking('cancelled', 'awaiting_deposit')).toBe(false);
    expect(canMoveBooking('completed', 'cancelled')).toBe(false);
    expect(canMoveBooking('confirmed', 'confirmed')).toBe(false);
    expect(canMoveBooking('declined', 'awaiting_deposit')).toBe(false);
    expect(canMoveBooking('requested', 'confirmed')).toBe(false);
  });
});

describe('calendar days', () => {
  it('steps over month and year ends and leap days', () => {
    expect(shiftDay('2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-25', 7)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -14)).toBe('2026-02-15');
    // The day a US clock springs forward is still one calendar day.
    expect(shiftDay('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
    expect(daysBetween('2026-03-15', '2026-03-01')).toBe(-14);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('lists a month’s days', () => {
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2026-12').at(-1)).toBe('2026-12-31');
  });

  it('never lets a request ask for today, whatever the lead time', () => {
    expect(firstBookableDay('2026-06-01', 7)).toBe('2026-06-08');
    expect(firstBookableDay('2026-06-01', 0)).toBe('2026-06-02');
  });
});

describe('the cancellation policy', () => {
  const paid = { depositPaidCents: 12750, balancePaidCents: 0, fullRefundDays: 14 };

  it('refunds the deposit in full 14 or more days before the event', () => {
    expect(customerCancellationRefund({ ...paid, today: '2026-06-01', eventDay: '2026-06-15' })).toEqual({
      refundCents: 12750,
      depositKept: false,
      daysBefore: 14,
    });
    expect(customerCancellationRefund({ ...paid, today: '2026-05-01', eventDay: '2026-06-15' }).refundCents).toBe(12750);
  });

  it('keeps the deposit later, but gives back anything paid beyond it', () => {
    expect(customerCancellationRefund({ ...paid, today: '2026-06-02', eventDay: '2026-06-15' })).toEqual({ refundCents: 0, depositKept: true, daysBefore: 13 });
    expect(customerCancellationRefund({ ...paid, balancePaidCents: 38250, today: '2026-06-10', eventDay: '2026-06-15' }).refundCents).toBe(38250);
  });

  it('describes itself from the numbers unless the owner wrote their own', () => {
    expect(cancellationPolicyText({ fullRefundDays: 14, cancellationPolicy: null })).toMatch(
      /^Cancel 14 or more days before your event and we refund your deposit in full\./,
    );
    expect(cancellationPolicyText({ fullRefundDays: 1, cancellationPolicy: null })).toMatch(/^Cancel 1 or more day before/);
    expect(cancellationPolicyText({ fullRefundDays: 14, cancellationPolicy: 'Our own words.' })).toBe('Our own words.');
  });
});

describe('booking references', () => {
  it('are CB- and characters nobody misreads', () => {
    expect(BOOKING_REFERENCE_ALPHABET).toHaveLength(32);
    expect(BOOKING_REFERENCE_ALPHABET).not.toMatch(/[01OI]/);
    let n = 0;
    expect(bookingReference(() => n++ % 32)).toBe('CB-2345');
    expect(bookingReference(() => 31, 6)).toBe('CB-ZZZZZZ');
  });

  it('are read back as people type them', () => {
    expect(normaliseBookingReference(' cb-7k3q ')).toBe('CB-7K3Q');
    expect(normaliseBookingReference('CB7K3Q')).toBe('CB-7K3Q');
    expect(normaliseBookingReference('7K3QXY')).toBe('CB-7K3QXY');
    for (const bad of ['CB-7K3', 'CB-7K3Q0', 'CB-IIII', 'CB-7K3QXYZ', 'CB-7K 3Q', '', 'CB-']) expect(normaliseBookingReference(bad)).toBeNull();
  });
});

describe('the request schema with its day and package rules', () => {
  const valid = {
    packageId: 1,
    date: '2026-06-20',
    startTime: '14:00',
    endTime: '17:00',
    guests: 60,
    venueName: 'Riverside Barn',
    venueAddress: '1200 River Rd, Springfield, IL 62701',
    contactName: 'Ana Díaz',
    contactEmail: 'ana@example.com',
    contactPhone: '(217) 555-0142',
    notes: '',
  };
  const context = { today: '2026-06-01', leadTimeDays: 7, package: { name: 'Hot Cocoa Bar', minGuests: 20, maxGuests: 150 } };
  const messages = (input: object, ctx = context) => {
    const result = bookingRequestSchemaFor(ctx).safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a request and keeps the phone in E.164', () => {
    const parsed = bookingRequestSchemaFor(context).parse(valid);
    expect(parsed.contactPhone).toBe('+12175550142');
    expect(parsed.notes).toBeNull();
  });

  it('refuses today and past days, and days inside the lead time', () => {
    expect(messages({ ...valid, date: '2026-06-01' })).toEqual(['Please choose a future date']);
    expect(messages({ ...valid, date: '2025-12-31' })).toEqual(['Please choose a future date']);
    expect(messages({ ...valid, date: '2026-06-07' })).toEqual(["We need 7 days' notice: the earliest date is June 8, 2026"]);
    expect(messages({ ...valid, date: '2026-06-08' })).toEqual([]);
  });

  it('refuses guests outside the package’s range', () => {
    expect(messages({ ...valid, guests: 19 })).toEqual(['Hot Cocoa Bar serves 20 to 150 guests']);
    expect(messages({ ...valid, guests: 151 })).toEqual(['Hot Cocoa Bar serves 20 to 150 guests']);
    expect(messages({ ...valid, guests: 150 })).toEqual([]);
  });

  it('refuses equal start and end times, an unreachable phone, a date that does not exist', () => {
    expect(messages({ ...valid, endTime: '14:00' })).toEqual(['End time must differ from the start time']);
    expect(messages({ ...valid, contactPhone: '555' })).toEqual(['Enter a phone number we can reach, e.g. (217) 555-0142']);
    expect(messages({ ...valid, date: '2026-02-30' })).toEqual(['Date must be a date (YYYY-MM-DD)']);
    expect(messages({ ...valid, startTime: '25:00' })).toEqual(['Start time must be a time (HH:MM, 24-hour)']);
  });

  it('asks for a blank day, time or guest count in words: left out, null, empty or spaces, and the form’s NaN', () => {
    const blanks = [undefined, null, '', '   '];
    for (const blank of blanks) {
      expect(messages({ ...valid, date: blank })).toEqual(['Please choose a date']);
      expect(messages({ ...valid, startTime: blank })).toEqual(['Start time is required']);
      expect(messages({ ...valid, endTime: blank })).toEqual(['End time is required']);
      expect(messages({ ...valid, guests: blank })).toEqual(['Please enter the number of guests']);
    }
    expect(messages({ ...valid, guests: Number.NaN })).toEqual(['Please enter the number of guests']);
    const { date: _date, startTime: _start, endTime: _end, guests: _guests, ...rest } = valid;
    expect(messages(rest)).toEqual(['Please choose a date', 'Start time is required', 'End time is required', 'Please enter the number of guests']);
    // The form's empty values: each blank named once, by the words the form shows.
    expect(messages({ ...valid, date: '', startTime: '', endTime: '', guests: Number.NaN })).toEqual([
      'Please choose a date',
      'Start time is required',
      'End time is required',
      'Please enter the number of guests',
    ]);
  });

  it('still names a value that is there but wrong by its format', () => {
    expect(messages({ ...valid, date: 20260620 })).toEqual(['Date must be a date (YYYY-MM-DD)']);
    expect(messages({ ...valid, date: '20/06/2026' })[0]).toBe('Date must be a date (YYYY-MM-DD)');
    expect(messages({ ...valid, endTime: '5pm' })).toEqual(['End time must be a time (HH:MM, 24-hour)']);
    expect(messages({ ...valid, guests: '40' })).toEqual(['Number of guests must be a number']);
    expect(messages({ ...valid, guests: 0 })).toEqual(['Number of guests must be at least 1']);
    expect(messages({ ...valid, guests: 40.5 })).toEqual(['Number of guests must be a whole number']);
    expect(messages({ ...valid, guests: Number.POSITIVE_INFINITY })).toEqual(['Number of guests must be a number']);
  });
});

describe('booking settings', () => {
  it('reads an empty policy as "write it from the numbers"', () => {
    expect(
      bookingSettingsInputSchema.parse({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14, cancellationPolicy: '' })
        .cancellationPolicy,
    ).toBeNull();
    expect(bookingSettingsInputSchema.safeParse({ leadTimeDays: 7, depositPercent: 101, balanceDueDays: 14, fullRefundDays: 14 }).success).toBe(false);
  });
});
