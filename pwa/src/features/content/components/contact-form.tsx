import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type ContactInput } from '@cocoa/shared-types';
import { describedBy, Field } from '../../../ui/field';
import { useSendOrKeep } from '../../../ui/form-outbox';
import { SavedOutbox } from '../../../ui/saved-outbox';
import { useSendContactMessage } from '../api/contact';
import { type ContactMessage, useContactOutbox } from '../outbox/contact-outbox';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

const KEPT = "You're offline. Your message is saved on this device and will be sent when you're back online.";

/**
 * Contact form: idle, sending, then a success toast and a reset form, or an error toast.
 * With no network the message is kept on this device under the key it was sent with,
 * the form says so and resets, and the list under it follows the message until it is sent.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const { register, handleSubmit, reset, formState } = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const { submit, waiting } = useSendOrKeep(
    useContactOutbox,
    (values, key) => send.mutateAsync({ ...values, idempotencyKey: key }),
    () => reset(EMPTY),
  );
  const onSubmit = handleSubmit(submit);

  const field = (name: keyof ContactMessage, label: string, input: ReactNode) => (
    <Field id={`contact-${name}`} label={label} error={errors[name]?.message}>
      {input}
    </Field>
  );
  const aria = (name: keyof ContactMessage) => describedBy(`contact-${name}`, errors[name]);

  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      {field('name', 'Name', <input type="text" autoComplete="name" {...aria('name')} {...register('name')} />)}
      {field('email', 'Email', <input type="email" autoComplete="email" {...aria('email')} {...register('email')} />)}
      {field('subject', 'Subject', <input type="text" {...aria('subject')} {...register('subject')} />)}
      {field('message', 'Message', <textarea rows={5} {...aria('message')} {...register('message')} />)}
      <button type="submit" className="btn btn--primary" disabled={send.isPending || formState.isSubmitting}>
        {send.isPending ? 'SENDING...' : 'SEND MESSAGE'}
      </button>
      <div role="status">{waiting && <p className="notice saved-entries__kept">{KEPT}</p>}</div>
      <SavedOutbox outbox={useContactOutbox} label="Messages saved on this device" onRestore={(message: ContactMessage) => reset(message)} />
    </form>
  );
}
