import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Open traps, innermost last: only that one answers Tab and Escape. */
const openTraps: symbol[] = [];

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert], [aria-hidden="true"]'));
}

/**
 * Keeps keyboard focus inside a modal (`aria-modal`) while it is open: focus moves in on open (to
 * `initialFocus` — a ref, or a CSS selector for the first match inside the container — else the
 * container), Tab and Shift+Tab cycle inside it, focus that lands outside
 * is brought back, Escape calls `onEscape`, and on close focus returns to whatever had it before.
 * Attach the returned ref to the dialog element; give it tabIndex={-1}.
 */
export function useFocusTrap<T extends HTMLElement>(
  active: boolean,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null> | string,
): RefObject<T | null> {
  const container = useRef<T>(null);
  const escape = useEffectEvent(onEscape);
  const focusFirst = useEffectEvent(() => {
    const target = typeof initialFocus === 'string' ? container.current?.querySelector<HTMLElement>(initialFocus) : initialFocus?.current;
    (target ?? container.current)?.focus();
  });

  useEffect(() => {
    if (!active) return;
    const id = Symbol('focus-trap');
    openTraps.push(id);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const innermost = () => openTraps[openTraps.length - 1] === id;
    focusFirst();

    const onKeyDown = (event: KeyboardEvent) => {
      const panel = container.current;
      if (!panel || !innermost()) return;
      if (event.key === 'Escape') {
        // Listened for first (capture on window): the modal's Escape closes the modal only.
        event.stopPropagation();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      const inside = current instanceof Node && panel.contains(current);
      if (event.shiftKey && (!inside || current === first || current === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last || current === panel)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A click or a screen reader's virtual cursor can still put focus behind the modal: bring it back.
    const onFocusIn = (event: FocusEvent) => {
      const panel = container.current;
      if (!panel || !innermost() || !(event.target instanceof Node) || panel.contains(event.target)) return;
      (focusableIn(panel)[0] ?? panel).focus();
    };

    window.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      openTraps.splice(openTraps.indexOf(id), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [active]);

  return container;
}
