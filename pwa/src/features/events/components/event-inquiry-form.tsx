import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventInquiryInput } from '@cocoa/shared-types';
import { lazyResolver, loadZodResolver, useLoadWhenNear } from '../../../lib/lazy-resolver';
import { sendOrKeep } from '../../../lib/outbox';
import { useViewerToday } from '../../../lib/viewer-clock';
import { FormFields } from '../../../ui/field';
import { SavedOutbox } from '../../../ui/saved-outbox';
import { useSendEventInquiry } from '../api/event-inquiry';
import { type InquiryRequest, useInquiryOutbox } from '../outbox/inquiry-outbox';

type Values = EventInquiryInput;
const EMPTY = { name: '', email: '', phone: '', eventType: undefined, eventDate: '', guests: undefined, location: '', message: '' } as unknown as Values;

/** The shared schema, loaded as the form comes near the screen (most visitors of /events never fill it in). */
const resolver = lazyResolver<Values, unknown, InquiryRequest>(async () => {
  const [zodResolver, { eventInquirySchema }] = await Promise.all([loadZodResolver(), import('@cocoa/shared-types/schemas/event-inquiry.schema')]);
  return zodResolver(eventInquirySchema);
});

const KEPT = "You're offline. Your inquiry is saved on this device and will be sent when you're back online.";

/**
 * Event booking inquiry: validated with the shared schema, confirmed with a toast. With
 * no network the inquiry is kept on this device under the key it was sent with, the form
 * says so and resets, and the list under it follows the inquiry until it is sent.
 */
export function EventInquiryForm() {
  const send = useSendEventInquiry();
  const keep = useInquiryOutbox((s) => s.keep);
  const [keptId, setKeptId] = useState<string | null>(null);
  const waiting = useInquiryOutbox((s) => s.entries.some((e) => e.id === keptId && e.status === 'waiting'));
  const { register, handleSubmit, reset, formState } = useForm<Values, unknown, InquiryRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  useLoadWhenNear(formRef, resolver.preload);
  const onSubmit = handleSubmit(async (values) => {
    // One key for this inquiry, sent now or kept: however often it is sent, it is stored once.
    setKeptId(null);
    const { outcome, id } = await sendOrKeep(
      (key) => send.mutateAsync({ ...values, idempotencyKey: key }),
      (key) => keep(values, key),
    );
    if (outcome === 'refused') return;
    reset(EMPTY);
    if (outcome === 'kept') setKeptId(id);
  });
  // The visitor's today (the shop's in the server's first screen and its hydration).
  const minDate = useViewerToday();

  const aria = (name: keyof Values) => ({
    id: `inquiry-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `inquiry-${name}-error` : undefined,
  });
  const field = (name: keyof Values, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`inquiry-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <p className="field__error" id={`inquiry-${name}-error`} role="alert">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <form ref={formRef} className="form card" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="inquiry-title">
      <FormFields>
        <h2 id="inquiry-title">Questions first? Send us an inquiry</h2>
        <p className="muted">
          Not ready to book, or planning something our packages don't cover? Tell us the date, the place and how many guests, and we will get back to you.
        </p>
        {field(
          'eventType',
          'Event type',
          <select {...aria('eventType')} {...register('eventType')} defaultValue="">
            <option value="" disabled>
              Choose an event type
            </option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {EVENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>,
        )}
        {field('eventDate', 'Event date', <input type="date" min={minDate} {...aria('eventDate')} {...register('eventDate')} />)}
        {field(
          'guests',
          'Number of guests',
          <input type="number" inputMode="numeric" min={1} step={1} {...aria('guests')} {...register('guests', { valueAsNumber: true })} />,
        )}
        {field(
          'location',
          'Event location',
          <input type="text" autoComplete="street-address" placeholder="Venue, city" {...aria('location')} {...register('location')} />,
        )}
        {field('name', 'Your name', <input type="text" autoComplete="name" {...aria('name')} {...register('name')} />)}
        {field('email', 'Email', <input type="email" autoComplete="email" {...aria('email')} {...register('email')} />)}
        {field('phone', 'Phone (optional)', <input type="tel" autoComplete="tel" {...aria('phone')} {...register('phone')} />)}
        {field('message', 'Message (optional)', <textarea rows={4} {...aria('message')} {...register('message')} />)}
        <button type="submit" className="btn btn--primary" disabled={send.isPending || formState.isSubmitting}>
          {send.isPending ? 'SENDING...' : 'SEND INQUIRY'}
        </button>
        <div role="status">{waiting && <p className="notice saved-entries__kept">{KEPT}</p>}</div>
        <SavedOutbox
          outbox={useInquiryOutbox}
          label="Inquiries saved on this device"
          onRestore={(inquiry: InquiryRequest) => reset({ ...inquiry, phone: inquiry.phone ?? '', message: inquiry.message ?? '' })}
        />
      </FormFields>
    </form>
  );
}
