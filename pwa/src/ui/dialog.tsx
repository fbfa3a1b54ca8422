import { useId, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap';

/** Where focus starts by default: the first marked control, field or button but Close, in page order. */
const FIRST_FOCUS = '[data-autofocus], input, select, textarea, button:not([data-dialog-close])';

interface DialogProps {
  /** The heading (h2) that names the dialog. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** While busy, Escape, the backdrop and the × button do not close it. */
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** 'modal': a card in the middle; 'drawer': a panel along the right edge (the cart). */
  variant?: 'modal' | 'drawer';
  /** Extra classes for the panel and for the layer around it. */
  className?: string;
  rootClassName?: string;
  /** The × button's accessible name beside the title; false for none (the dialog has its own Cancel). */
  closeButton?: string | false;
  /** Where focus goes on open: a ref, a selector inside the dialog, or null for the panel itself. */
  initialFocus?: RefObject<HTMLElement | null> | string | null;
  /** Handlers on the panel (the cart's auto-close stops when it is touched or focused). */
  panelProps?: Pick<HTMLAttributes<HTMLDivElement>, 'onPointerDown' | 'onFocusCapture'>;
}

/**
 * The storefront's one modal primitive: every dialog outside the admin (cart drawer, forgot
 * password, the booking cancellation) is this; the admin's are on Ionic (docs/admin.md). It sits
 * in a portal on <body>, outside the page's landmarks, with `aria-modal` and its title as its
 * name. Focus is handled by the shared trap (ui/use-focus-trap): it moves in on open, Tab stays
 * inside, Escape belongs to the innermost open modal only, and focus returns to the opener on
 * close. The backdrop closes it.
 */
export function Dialog({
  title,
  onClose,
  children,
  busy = false,
  role = 'dialog',
  describedBy,
  variant = 'modal',
  className,
  rootClassName,
  closeButton = 'Close',
  initialFocus = FIRST_FOCUS,
  panelProps,
}: DialogProps) {
  const titleId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  const panelRef = useFocusTrap<HTMLDivElement>(true, close, initialFocus ?? undefined);
  const layer = variant === 'drawer' ? 'drawer-root' : 'modal-root';
  const panel = variant === 'drawer' ? 'drawer' : 'modal card';

  return createPortal(
    <div className={rootClassName ? `${layer} ${rootClassName}` : layer}>
      <div className="drawer-backdrop" aria-hidden="true" onClick={close} />
      <div
        ref={panelRef}
        className={className ? `${panel} ${className}` : panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        {...panelProps}
      >
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          {closeButton !== false && (
            <button type="button" className="icon-btn" aria-label={closeButton} data-dialog-close onClick={close} disabled={busy}>
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
