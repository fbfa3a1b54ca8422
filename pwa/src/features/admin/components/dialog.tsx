import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Open dialogs, innermost last: Escape closes only the innermost one. */
const openDialogs: string[] = [];

/**
 * A modal dialog: labelled by its title, Escape and the backdrop close it (unless busy), focus
 * moves into it on open and back to the opener on close. `wide` dialogs are at most 600px.
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
  const panelRef = useRef<HTMLDivElement>(null);
  // Read when Escape is pressed, so the listener set up once on open sees the current props.
  const escape = useEffectEvent((event: KeyboardEvent) => {
    if (busy) return;
    event.stopPropagation();
    onClose();
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panelRef.current?.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button:not([aria-label="Close"])');
    (first ?? panelRef.current)?.focus();
    openDialogs.push(titleId);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== titleId) return;
      if (event.key === 'Escape') {
        escape(event);
      } else if (event.key === 'Tab' && panelRef.current) {
        // Keep keyboard focus inside the dialog.
        const focusable = Array.from(
          panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'),
        );
        if (!focusable.length) return;
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      openDialogs.splice(openDialogs.indexOf(titleId), 1);
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [titleId]);

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
