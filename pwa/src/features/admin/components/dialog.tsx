import { useId, type ReactNode } from 'react';
import { Dialog as ModalDialog } from '../../../ui/dialog';

/**
 * An admin dialog: the app's one modal primitive (ui/dialog: labelled by its title, focus trapped
 * and given back, Escape and the backdrop close it unless busy) with the admin's padding and a
 * scrolling body. `wide` dialogs are at most 600px.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  busy = false,
  role = 'dialog',
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}) {
  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      busy={busy}
      role={role}
      describedBy={describedBy}
      className={`admin-dialog${wide ? ' admin-dialog--wide' : ''}`}
      rootClassName="admin-modal-root"
    >
      <div className="admin-dialog__body">{children}</div>
    </ModalDialog>
  );
}

/** Nothing destructive without confirmation: a title, a message, Cancel and the action. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy = false,
  destructive = true,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const messageId = useId();
  return (
    <Dialog title={title} onClose={onCancel} busy={busy} role="alertdialog" describedBy={messageId}>
      <div id={messageId} className="admin-confirm__message">
        {message}
      </div>
      <div className="modal__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className={`btn ${destructive ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel ?? 'Working...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
