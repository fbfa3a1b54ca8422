import { useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import {
  APP_ROUTES,
  type BookingAvailability,
  type BookingEventFields,
  type BookingPackage,
  type BookingRequest,
  BOOKING_NOTE_MAX,
  dayKey,
  type UnavailableReason,
} from '@cocoa/shared-types';
import { ApiError, isNetworkError, messageOf } from '../../../lib/api-fetch';
import { lazyOnce, loadZodResolver, useLoadWhenNear } from '../../../lib/lazy-resolver';
import { useViewerToday } from '../../../lib/viewer-clock';
import { describedBy, Field, FormFields } from '../../../ui/field';
import { toast } from '../../../ui/toast-store';
import { MonthCalendar } from '../../../ui/month-calendar';
import { useAvailability } from '../api/availability';
import { createBooking } from '../api/create-booking';
import { addMinutes, bookingDay } from '../format';
import { newOutboxId } from '../../../lib/outbox';
import { useBookingOutbox } from '../outbox/booking-outbox';
import { BookingEstimate } from './booking-estimate';
import { PackageChoice } from './package-choice';

/** The form's values: numbers stay numbers (guests NaN while empty, which the schema names). */
export interface BookingFormValues extends BookingEventFields {
  packageId: number | undefined;
  date: string;
  notes: string;
}

export const EMPTY_BOOKING: BookingFormValues = {
  packageId: undefined,
  date: '',
  startTime: '',
  endTime: '',
  guests: Number.NaN,
  venueName: '',
  venueAddress: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  notes: '',
};

/** A request the server refused, back in the form as the customer wrote it. */
export function valuesOf(request: BookingRequest): BookingFormValues {
  return { ...request, notes: request.notes ?? '' };
}

const REASONS: Record<UnavailableReason, string> = {
  past: 'not available',
  lead_time: 'too soon to book',
  booked: 'already booked',
  blocked: 'not available',
};

const UNAVAILABLE_DAY = 'That day is not available. Please choose another date.';

const FIELD_ORDER: Array<keyof BookingFormValues> = [
  'packageId',
  'date',
  'startTime',
  'endTime',
  'guests',
  'venueName',
  'venueAddress',
  'contactName',
  'contactEmail',
  'contactPhone',
  'notes',
];

/** The shared schema and zod's resolver, loaded as the form comes near the screen (lib/lazy-resolver.ts), not with /events. */
const loadRules = lazyOnce(() => Promise.all([loadZodResolver(), import('@cocoa/shared-types/schemas/booking.schema')]));

/**
 * The shared request schema with the shop's today, its lead time and the chosen package's guest
 * range (what the API checks too), plus the month's booked and blocked days as far as known.
 */
function resolverFor(packages: readonly BookingPackage[], known: BookingAvailability | undefined): Resolver<BookingFormValues, unknown, BookingRequest> {
  return async (values, context, options) => {
    const [zodResolver, { bookingRequestSchemaFor }] = await loadRules();
    const chosen = packages.find((p) => p.id === values.packageId);
    const schema = bookingRequestSchemaFor({
      today: known?.today ?? dayKey(new Date()),
      leadTimeDays: known?.leadTimeDays ?? 0,
      package: chosen ? { name: chosen.name, minGuests: chosen.minGuests, maxGuests: chosen.maxGuests } : null,
    }).superRefine((data, ctx) => {
      const taken = known?.unavailable.find((u) => u.date === data.date);
      if (taken && (taken.reason === 'booked' || taken.reason === 'blocked')) ctx.addIssue({ code: 'custom', path: ['date'], message: UNAVAILABLE_DAY });
    });
    // The form's values are the schema's input with blanks still blank ('' and NaN, no package yet): the schema asks for each in words.
    const check = zodResolver(schema) as unknown as Resolver<BookingFormValues, unknown, BookingRequest>;
    return check(values, context, options);
  };
}

interface Props {
  packages: readonly BookingPackage[];
  defaultValues: BookingFormValues;
  /** A request kept on this device because the network is down. */
  onSaved: () => void;
}

/**
 * The booking request: a package, a day from the month calendar with the days
 * that cannot be booked disabled, times, guests, the venue and the contact. Validated by the shared
 * schema with the shop's today, its lead time and the chosen package's guest range (the API runs the
 * same one); the estimate follows as they type. Sent online, it opens the booking's status page;
 * with no network it is kept on this device and sent when the network is back.
 */
export function BookingForm({ packages, defaultValues, onSaved }: Props) {
  const navigate = useNavigate();
  const keep = useBookingOutbox((s) => s.keep);
  const [problem, setProblem] = useState<string | null>(null);
  // The month of the visitor's today (the shop's in the server's first screen and its hydration: its open days come with it).
  const today = useViewerToday();
  const [month, setMonth] = useState(() => (defaultValues.date || today).slice(0, 7));
  const availability = useAvailability(month);
  const sending = useRef(false);

  // The rules that depend on today, the lead time, the package and the month's free days (the form takes a new resolver on each render).
  const resolver = useMemo(() => resolverFor(packages, availability.data), [packages, availability.data]);
  const { register, handleSubmit, control, setValue, getValues, setFocus, reset, formState } = useForm<BookingFormValues, unknown, BookingRequest>({
    resolver,
    defaultValues,
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isSubmitted } = formState;
  const [packageId, guests, date] = useWatch({ control, name: ['packageId', 'guests', 'date'] });
  const choose = (name: 'packageId' | 'date', value: number | string) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const dateBox = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useLoadWhenNear(formRef, loadRules);
  const chosen = packages.find((p) => p.id === packageId);

  const disabledDates = useMemo(() => {
    const days = new Map<string, string>();
    if (availability.data) for (const u of availability.data.unavailable) days.set(u.date, REASONS[u.reason]);
    else {
      // Not known (offline, no saved copy): at least today and the past; the server checks the rest.
      for (let d = 1; d <= 31; d++) {
        const day = `${month}-${String(d).padStart(2, '0')}`;
        if (day <= today) days.set(day, REASONS.past);
      }
    }
    return days;
  }, [availability.data, month, today]);

  const fillEnd = (start: string) => {
    if (!chosen || !/^\d{2}:\d{2}$/.test(start) || getValues('endTime')) return;
    setValue('endTime', addMinutes(start, chosen.durationMinutes));
  };

  // Focus goes to the first field in error, in the order the form shows them (the package and the day are not inputs of their
  // own: the day's is the calendar's one tab stop, the chosen day or else the first that can be booked).
  const focusFirstError = (found: FieldErrors<BookingFormValues>) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first === 'packageId') document.querySelector<HTMLInputElement>('input[name="booking-package"]')?.focus();
    else if (first === 'date') (dateBox.current?.querySelector<HTMLButtonElement>('button[data-day][tabindex="0"]') ?? dateBox.current)?.focus();
    else if (first) setFocus(first);
  };

  const send = async (request: BookingRequest) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    const packageName = chosen?.name ?? 'your event';
    // One key for this request, online or kept: a retry of it answers the booking it made.
    const key = newOutboxId();
    const keepOnDevice = async () => {
      await keep(request, packageName, key);
      reset(EMPTY_BOOKING);
      onSaved();
    };
    try {
      if (!navigator.onLine) return await keepOnDevice();
      const created = await createBooking({ ...request, idempotencyKey: key });
      toast('Booking request sent', `${created.reference}: we'll e-mail ${created.booking.contactEmail} our answer.`);
      navigate(created.statusPath);
    } catch (error) {
      if (isNetworkError(error)) return await keepOnDevice();
      setProblem(messageOf(error, 'Your booking request could not be sent. Please try again.'));
      // Someone may have taken the day meanwhile: show the calendar as it now is.
      if (error instanceof ApiError && error.status === 409) void availability.refetch();
    } finally {
      sending.current = false;
    }
  };

  const text = (name: Exclude<keyof BookingFormValues, 'packageId' | 'date' | 'guests'>, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`booking-${name}`} label={label} error={errors[name]?.message}>
      <input type="text" {...props} {...describedBy(`booking-${name}`, errors[name])} {...register(name)} />
    </Field>
  );
  const start = register('startTime');

  return (
    <form
      ref={formRef}
      className="form booking-form"
      noValidate
      aria-label="Booking request"
      onSubmit={(event) => void handleSubmit(send, focusFirstError)(event)}
    >
      <FormFields>
        <PackageChoice packages={packages} value={packageId} onChange={(id) => choose('packageId', id)} error={errors.packageId?.message} />

        <fieldset
          className="booking-date"
          aria-describedby={`booking-date-chosen${errors.date ? ' booking-date-error' : ''}`}
          aria-invalid={errors.date ? true : undefined}
        >
          <legend>Date</legend>
          <div ref={dateBox} tabIndex={-1} className="booking-date__calendar">
            <MonthCalendar
              month={month}
              selectedDay={date || null}
              eventDays={NO_DAYS}
              disabledDates={disabledDates}
              onMonthChange={setMonth}
              onSelectDay={(day) => choose('date', day)}
            />
          </div>
          <p id="booking-date-chosen" className="booking-date__chosen" aria-live="polite">
            {date ? `Chosen: ${bookingDay(date)}` : 'No date chosen yet.'}
          </p>
          {availability.data && <p className="muted">The earliest day we can take a new booking is {bookingDay(availability.data.firstBookableDay)}.</p>}
          {availability.isError && !availability.data && <p className="muted">We could not check which days are free: we will when your request reaches us.</p>}
          {errors.date && (
            <p className="field__error" id="booking-date-error" role="alert">
              {errors.date.message}
            </p>
          )}
        </fieldset>

        <div className="field-row">
          <Field id="booking-startTime" label="Start time" error={errors.startTime?.message}>
            <input
              type="time"
              step={900}
              {...describedBy('booking-startTime', errors.startTime)}
              {...start}
              onChange={(event) => {
                void start.onChange(event);
                fillEnd(event.target.value);
              }}
            />
          </Field>
          <Field id="booking-endTime" label="End time" error={errors.endTime?.message}>
            <input type="time" step={900} {...describedBy('booking-endTime', errors.endTime)} {...register('endTime')} />
          </Field>
          <Field id="booking-guests" label="Number of guests" error={errors.guests?.message}>
            <input
              type="number"
              inputMode="numeric"
              min={chosen?.minGuests ?? 1}
              max={chosen?.maxGuests}
              step={1}
              {...describedBy('booking-guests', errors.guests)}
              {...register('guests', { valueAsNumber: true })}
            />
          </Field>
        </div>

        <BookingEstimate pkg={chosen} guests={guests} />

        {text('venueName', 'Venue name', { autoComplete: 'off' })}
        {text('venueAddress', 'Venue address', { autoComplete: 'street-address' })}
        <div className="field-row">
          {text('contactName', 'Your name', { autoComplete: 'name' })}
          {text('contactEmail', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          {text('contactPhone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        </div>
        <Field id="booking-notes" label="Notes (optional)" error={errors.notes?.message}>
          <textarea rows={4} maxLength={BOOKING_NOTE_MAX} {...describedBy('booking-notes', errors.notes)} {...register('notes')} />
        </Field>

        {problem && (
          <p className="form-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Request booking'}
        </button>
        <p className="muted">
          Nothing is charged now: we answer with a quote, and the date is yours once the deposit is paid. See the{' '}
          <Link to={APP_ROUTES.refundPolicy}>refund and cancellation policy</Link> and the <Link to={APP_ROUTES.terms}>terms</Link>.
        </p>
      </FormFields>
    </form>
  );
}

const NO_DAYS = new Set<string>();
