/**
 * The row a dialog ends with: the way out (Cancel unless named otherwise) and the action.
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
  className,
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
  /** More classes for the row (an admin editor's row stays in view as its footer). */
  className?: string;
}) {
  return (
    <div className={`modal__actions${className ? ` ${className}` : ''}`}>
      <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy} data-autofocus={autofocusCancel || undefined}>
        {cancelLabel}
      </button>
      <button type={onConfirm ? 'button' : 'submit'} className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy || disabled}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}
