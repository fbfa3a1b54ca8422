import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { describedBy, Field } from '../../../ui/field';
import { QueryState } from './query-state';
import { AdminCard } from './admin-card';

/** A card of settings loaded from the server: its title, then the form once they are there (`QueryState` before). */
export function SettingsCard<T>({
  titleId,
  title,
  query,
  failed,
  children,
}: {
  titleId: string;
  title: string;
  query: UseQueryResult<T>;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <AdminCard titleId={titleId} title={title}>
      <QueryState query={query} failed={failed}>
        {children}
      </QueryState>
    </AdminCard>
  );
}

/** A form's save button ("Saving..." while it saves, off while `disabled` too), with any buttons beside it. */
export function SaveActions({ label, busy, disabled = false, children }: { label: string; busy: boolean; disabled?: boolean; children?: ReactNode }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn btn--primary" disabled={busy || disabled}>
        {busy ? 'Saving...' : label}
      </button>
      {children}
    </div>
  );
}

/** Whole-number inputs of a form, each a labelled field `<idPrefix>-<name>` with the schema's message under it. */
export function numberFields<T extends FieldValues>(idPrefix: string, register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return function NumberField(name: Path<T>, label: string) {
    const id = `${idPrefix}-${name}`;
    const error = (errors as Record<string, { message?: string } | undefined>)[name];
    return (
      <Field id={id} label={label} error={error?.message}>
        <input inputMode="numeric" {...describedBy(id, error)} {...register(name)} />
      </Field>
    );
  };
}
