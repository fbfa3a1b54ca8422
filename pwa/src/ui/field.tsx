import type { HTMLAttributes, ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useHydrated } from '../lib/use-hydrated';

/** A labelled form field with its error linked for screen readers. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const describedBy = (id: string, error?: unknown) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/**
 * A form's text inputs, each in its labelled Field with its error linked and its id `${idPrefix}-${name}`:
 * `text(name, label, autoComplete, type?, inputMode?)`.
 */
export function textInputs<T extends FieldValues>(idPrefix: string, register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>, label: string, autoComplete: string, type = 'text', inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']) => {
    const id = `${idPrefix}-${name}`;
    const error = (errors as Record<string, { message?: string } | undefined>)[name];
    return (
      <Field id={id} label={label} error={error?.message}>
        <input type={type} inputMode={inputMode} autoComplete={autoComplete} {...describedBy(id, error)} {...register(name)} />
      </Field>
    );
  };
}

/**
 * A form's fields and buttons on a page the server paints (the first screens): disabled there and
 * while the app hydrates it, because what is typed before the app has taken the form over is reset
 * to the form's defaults as it does. Enabled as soon as it has. Laid out as if it were not there.
 */
export function FormFields({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-fields" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
