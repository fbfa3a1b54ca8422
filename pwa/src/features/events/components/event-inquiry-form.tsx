import { type ReactNode, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventInquiryInput } from '@cocoa/shared-types';
import { lazyResolver, loadZodResolver, useLoadWhenNear } from '../../../lib/lazy-resolver';
import { useViewerToday } from '../../../lib/viewer-clock';
import { describedBy, Field, FormFields } from '../../../ui/field';
import { useSendOrKeep } from '../../../ui/form-outbox';
import { SavedOutbox } from '../../../ui/saved-outbox';
import { useSendEventInquiry } from '../api/event-inquiry';
import { type InquiryRequest, useInquiryOutbox } from '../outbox/inquiry-outbox';
import { LabelledOptions } from '../../../ui/labelled-options';

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
  const { register, handleSubmit, reset, formState } = useForm<Values, unknown, InquiryRequest>({ resolver, defaultValues: EMPTY });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);
  useLoadWhenNear(formRef, resolver.preload);
  const { submit, waiting } = useSendOrKeep(
    useInquiryOutbox,
    (values, key) => send.mutateAsync({ ...values, idempotencyKey: key }),
    () => reset(EMPTY),
  );
  const onSubmit = handleSubmit(submit);
  // The visitor's today (the shop's in the server's first screen and its hydration).
  const minDate = useViewerToday();

  const aria = (name: keyof Values) => describedBy(`inquiry-${name}`, errors[name]);
  const field = (name: keyof Values, label: string, input: ReactNode) => (
    <Field id={`inquiry-${name}`} label={label} error={errors[name]?.message}>
      {input}
    </Field>
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
            <LabelledOptions values={EVENT_TYPES} labels={EVENT_TYPE_LABELS} />
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
