import type { FormEvent, ReactNode } from 'react';
import { FormDialog } from './dialog';

/**
 * The editor of one thing the owner keeps (a package, a product, a place): a wide dialog of form
 * fields with Cancel and `confirmLabel` at its foot, `busyLabel` on it while saving; `error` is what
 * the server refused, under the fields.
 */
export function EditorDialog({
  title,
  onClose,
  busy,
  onSubmit,
  confirmLabel,
  busyLabel = 'Saving...',
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  confirmLabel: string;
  busyLabel?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      wide
      busy={busy}
      formClassName="form"
      onSubmit={onSubmit}
      error={error}
      actions={{ confirmLabel, busyLabel, className: 'admin-dialog__footer' }}
    >
      {children}
    </FormDialog>
  );
}
