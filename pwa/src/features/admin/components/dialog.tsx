import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../../ui/use-focus-trap';

/** Where focus starts: a marked control, else the first field, else the first button but Close. */
const FIRST_FOCUS = '[data-autofocus], input, select, textarea, button:not([aria-label="Close"])';

/**
 * A modal dialog: labelled by its title, Escape and the backdrop close it (unless busy). Focus is
 * handled by the shared trap (ui/use-focus-trap): it moves in on open, Tab stays inside, Escape
 * belongs to the innermost open modal only, and focus returns to the opener on close. `wide`
 * dialogs are at most 600px.
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
  const titleId = useId();
  const panelRef = useFocusTrap<HTMLDivElement>(
    true,
    () => {
      if (!busy) onClose();
    },
    FIRST_FOCUS,
  );

  // In a portal: a dialog opened from inside a form (the Media Library) is not part of that form.
  return createPortal(
    <div className="modal-root admin-modal-root">
      <div className="drawer-backdrop" aria-hidden="true" onClick={() => !busy && onClose()} />
      <div
        ref={panelRef}
        className={`modal card admin-dialog${wide ? ' admin-dialog--wide' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="admin-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose} disabled={busy}>
            ×
          </button>
        </div>
        <div className="admin-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
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
