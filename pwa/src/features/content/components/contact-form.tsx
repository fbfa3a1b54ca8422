import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type ContactInput } from '@cocoa/shared-types';
import { sendOrKeep } from '../../../lib/outbox';
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
  const keep = useContactOutbox((s) => s.keep);
  const [keptId, setKeptId] = useState<string | null>(null);
  const waiting = useContactOutbox((s) => s.entries.some((e) => e.id === keptId && e.status === 'waiting'));
  const { register, handleSubmit, reset, formState } = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    // One key for this message, sent now or kept: however often it is sent, it is stored once.
    setKeptId(null);
    const { outcome, id } = await sendOrKeep(
      (key) => send.mutateAsync({ ...values, idempotencyKey: key }),
      (key) => keep(values, key),
    );
    if (outcome === 'refused') return;
    reset(EMPTY);
    if (outcome === 'kept') setKeptId(id);
  });

  const field = (name: keyof ContactMessage, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`contact-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <p className="field__error" id={`contact-${name}-error`} role="alert">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  const aria = (name: keyof ContactMessage) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

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
