import { useId, type FormEvent, type ReactNode } from 'react';
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

/**
 * The row every admin dialog ends with: the way out (Cancel unless named otherwise) and the action.
 * While busy both are disabled and the action shows its busy label. The action submits the form it
 * stands in, unless `onConfirm` is given; `autofocusCancel` starts a destructive dialog on the way out.
 */
export function DialogActions({
  confirmLabel,
  busyLabel = 'Working...',
  busy = false,
  disabled = false,
  tone = 'primary',
  onConfirm,
  cancelLabel = 'Cancel',
  onCancel,
  autofocusCancel = false,
  footer = false,
}: {
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  onConfirm?: () => void;
  cancelLabel?: string;
  onCancel: () => void;
  autofocusCancel?: boolean;
  footer?: boolean;
}) {
  return (
    <div className={`modal__actions${footer ? ' admin-dialog__footer' : ''}`}>
      <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy} data-autofocus={autofocusCancel || undefined}>
        {cancelLabel}
      </button>
      <button type={onConfirm ? 'button' : 'submit'} className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy || disabled}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}

type ActionsProps = Omit<Parameters<typeof DialogActions>[0], 'busy' | 'onCancel' | 'onConfirm'>;

/**
 * An admin dialog holding one form: submitting (the action or Enter) calls `onSubmit`, never the
 * browser's own; `error` is the form's own message, shown above the action row.
 */
export function FormDialog({
  title,
  onClose,
  busy = false,
  wide,
  role,
  describedBy,
  onSubmit,
  formClassName = 'admin-stack',
  error,
  actions,
  children,
}: {
  title: string;
  onClose: () => void;
  busy?: boolean;
  wide?: boolean;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  formClassName?: string;
  error?: string;
  actions: ActionsProps;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} busy={busy} wide={wide} role={role} describedBy={describedBy}>
      <form
        className={formClassName}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(event);
        }}
      >
        {children}
        {error && (
          <p className="admin-warning" role="alert">
            {error}
          </p>
        )}
        <DialogActions {...actions} busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
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
  cancelLabel,
  children,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** Fields asked with the confirmation (a reason, a choice), between the message and the actions. */
  children?: ReactNode;
}) {
  const messageId = useId();
  return (
    <Dialog title={title} onClose={onCancel} busy={busy} role="alertdialog" describedBy={messageId}>
      <div id={messageId} className="admin-confirm__message">
        {message}
      </div>
      {children}
      <DialogActions
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        tone={destructive ? 'danger' : 'primary'}
        onConfirm={onConfirm}
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        autofocusCancel
      />
    </Dialog>
  );
}
