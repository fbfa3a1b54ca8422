import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { IonModal } from '@ionic/react';
import { DialogActions } from '../../../ui/dialog-actions';
import { useFocusTrap } from '../../../ui/use-focus-trap';
import { useOpenOnNextFrame } from './open-on-next-frame';
import './dialog.css';

/** Where focus starts: the first marked control, field or button but Close, in page order. */
const FIRST_FOCUS = '[data-autofocus], input, select, textarea, button:not([data-dialog-close])';

/**
 * An admin dialog, on Ionic's modal: a card in the middle of the tablet (at most 480px, `wide` ones
 * 600px) over Ionic's backdrop, its body scrolling inside the window. The dialog is the panel inside
 * (role, `aria-modal`, named by its title through `aria-labelledby`): Ionic draws its own wrapper in
 * its shadow root, where a name given by id cannot reach, so that wrapper gives up its role
 * (docs/admin.md). Focus starts on the first marked control or field once the card is shown, Tab
 * stays inside, Escape closes the innermost dialog, and focus goes back to the opener; a tap on the
 * backdrop closes it through Ionic. While busy nothing closes it (Ionic's `canDismiss`).
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
  const dismissed = useRef(false);
  const close = () => {
    if (!busy) onClose();
  };
  // The app's focus trap (ui/use-focus-trap), as in every dialog: Tab stays in, Escape closes the
  // innermost dialog only, and focus goes back to the opener however the dialog closes.
  const panel = useFocusTrap<HTMLDivElement>(true, close, FIRST_FOCUS);
  const open = useOpenOnNextFrame();
  // The card is hidden until Ionic shows it, and Ionic takes focus off the page as it presents it:
  // focus starts once it is shown (after the animation, unless less motion is asked for), only if it
  // is no longer in a dialog. Focus already in this one may be in the field the person is typing
  // in; in another, it is a confirmation opened from this one.
  const focusFirst = () => {
    if (document.activeElement?.closest('[aria-modal="true"]')) return;
    (panel.current?.querySelector<HTMLElement>(FIRST_FOCUS) ?? panel.current)?.focus();
  };

  return (
    <IonModal
      isOpen={open}
      keepContentsMounted
      canDismiss={!busy}
      // The app's trap keeps focus and places it; Ionic moving it too would pull it between them.
      focusTrap={false}
      keyboardClose={false}
      className={`admin-ion-modal${wide ? ' admin-ion-modal--wide' : ''}`}
      onWillPresent={(event) => {
        // The panel is the dialog: Ionic's wrapper stops being a second, unnamed one.
        const wrapper = event.target.shadowRoot?.querySelector('.ion-overlay-wrapper');
        wrapper?.removeAttribute('role');
        wrapper?.removeAttribute('aria-modal');
      }}
      onDidPresent={focusFirst}
      onDidDismiss={() => {
        // A tap on the backdrop: Ionic has closed the card; the page takes the dialog away.
        if (dismissed.current) return;
        dismissed.current = true;
        onClose();
      }}
    >
      <div ref={panel} className="card admin-dialog" role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy} tabIndex={-1}>
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close" data-dialog-close onClick={close} disabled={busy}>
            ×
          </button>
        </div>
        <div className="admin-dialog__body">{children}</div>
      </div>
    </IonModal>
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

/** What a confirmation needs of a mutation: whether it runs, and how to run it. */
interface ConfirmedMutation<V> {
  isPending: boolean;
  mutate: (variables: V, options: { onSettled: () => void }) => void;
}

/**
 * A confirmation whose action runs `mutation` with `variables`: busy while it runs, and closed
 * (`onClose`, as Cancel does) once it has settled, done or failed.
 */
export function MutationConfirmDialog<V>({
  mutation,
  variables,
  onClose,
  ...confirm
}: Omit<Parameters<typeof ConfirmDialog>[0], 'busy' | 'onConfirm' | 'onCancel'> & { mutation: ConfirmedMutation<V>; variables: V; onClose: () => void }) {
  return <ConfirmDialog {...confirm} busy={mutation.isPending} onCancel={onClose} onConfirm={() => mutation.mutate(variables, { onSettled: onClose })} />;
}

/** Deleting one thing, asked first: "Delete product?", its name and what deleting it does, which cannot be undone. */
export function DeleteConfirmDialog<V>({
  what,
  name,
  consequence,
  ...run
}: {
  what: string;
  name: string;
  consequence: string;
  mutation: ConfirmedMutation<V>;
  variables: V;
  onClose: () => void;
}) {
  return (
    <MutationConfirmDialog
      title={`Delete ${what}?`}
      message={
        <p>
          Delete <strong>{name}</strong>? {consequence} This cannot be undone.
        </p>
      }
      confirmLabel={`Delete ${what}`}
      busyLabel="Deleting..."
      {...run}
    />
  );
}
