import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type ContactInput } from '@cocoa/shared-types';
import { useSendContactMessage } from '../api/contact';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/** Contact form (SPEC §4): idle, sending, then a success toast and a reset form, or an error toast. */
export function ContactForm() {
  const send = useSendContactMessage();
  const { register, handleSubmit, reset, formState } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => send.mutate(values, { onSuccess: () => reset(EMPTY) }));

  const field = (name: keyof ContactInput, label: string, input: ReactNode) => (
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
  const aria = (name: keyof ContactInput) => ({
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
      <button type="submit" className="btn btn--primary" disabled={send.isPending}>
        {send.isPending ? 'SENDING...' : 'SEND MESSAGE'}
      </button>
    </form>
  );
}
