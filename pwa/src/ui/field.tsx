import type { ReactNode } from 'react';
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
