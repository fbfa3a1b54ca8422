import { type FormEvent, type Ref, useState } from 'react';
import type { z } from 'zod';
import { messageOf } from '../lib/api-fetch';
import { describedBy } from './field';

/** The input of a one-time code (an authenticator app's or a recovery code), its error linked for screen readers. */
export function CodeInput({
  id,
  value,
  onChange,
  error,
  ref,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      ref={ref}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...describedBy(id, error)}
    />
  );
}

/**
 * A form asking for a one-time code: the code typed, its error, and `submit`, which checks the code
 * with `schema` and hands it to `send`; a failure `send` reports shows as the error.
 */
export function useCodeEntry<T>(schema: z.ZodType<T>, send: (body: T, onError: (failure: unknown) => void) => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    send(parsed.data, (failure) => setError(messageOf(failure, 'The code could not be checked. Please try again.')));
  };
  return { code, setCode, error, submit };
}
