import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { describedBy, Field } from './field';

/** A labelled field holding `value`, which `onValue` takes as it is typed, its error linked for screen readers. */
interface TextFieldProps {
  id: string;
  label: string;
  error?: string | null;
  value: string;
  onValue: (value: string) => void;
}

type Rest<T> = Omit<T, keyof TextFieldProps | 'onChange'>;

/** A text input in its labelled field; other props go to the input. */
export function TextField({ id, label, error, onValue, ...input }: TextFieldProps & Rest<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field id={id} label={label} error={error ?? undefined}>
      <input {...describedBy(id, error)} {...input} onChange={(event) => onValue(event.target.value)} />
    </Field>
  );
}

/** A text area in its labelled field; other props go to the text area. */
export function TextAreaField({ id, label, error, onValue, ...area }: TextFieldProps & Rest<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} error={error ?? undefined}>
      <textarea {...describedBy(id, error)} {...area} onChange={(event) => onValue(event.target.value)} />
    </Field>
  );
}
