import { type RefObject, useEffect, useRef, useState } from 'react';
import { IonToast } from '@ionic/react';
import { type Toast, useToastStore } from '../../../ui/toast-store';
import { useOpenOnNextFrame } from './open-on-next-frame';
import './admin-toasts.css';

/** The toasts' landmark, named with the key that reaches it. */
const REGION_LABEL = 'Notifications (F8)';

/**
 * The admin's toasts, on Ionic's toast: while the admin is on screen it shows the app's toasts
 * (ui/toast-store: one at a time, the same texts, the time the app's viewport keeps) and that
 * viewport shows none (`hosted`). Ionic reads a toast out as a polite status; a destructive one is
 * made an assertive alert. A swipe down or Close dismisses it. F8 moves focus to the toast on screen
 * (its Close button), where it stays until focus leaves; F8 again or Escape gives focus back to where
 * it was, as does the toast going away (docs/admin.md).
 */
export function AdminToasts() {
  const current = useToastStore((s) => s.current);
  const ready = useOpenOnNextFrame();
  const ref = useRef<HTMLIonToastElement>(null);
  const presented = useRef(false);
  const focusWasOn = useRef<HTMLElement | null>(null);
  // The last toast stays on the element while Ionic takes it away.
  const [shown, setShown] = useState<Toast | null>(current);
  if (current && current !== shown) setShown(current);
  const destructive = shown?.variant === 'destructive';

  useEffect(() => {
    useToastStore.setState({ hosted: true });
    return () => useToastStore.setState({ hosted: false, paused: false });
  }, []);
  useEffect(() => markLiveRegion(ref.current, destructive), [destructive]);

  useEffect(() => {
    const toast = ref.current;
    if (!toast) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' && event.key !== 'Escape') return;
      if (toast.contains(document.activeElement)) {
        event.preventDefault();
        giveFocusBack(toast, focusWasOn);
      } else if (event.key === 'F8' && presented.current) {
        event.preventDefault();
        focusWasOn.current = deepActiveElement();
        useToastStore.getState().pause(true);
        (toast.shadowRoot?.querySelector<HTMLElement>('button') ?? toast).focus();
      }
    };
    // However focus leaves the toast (F8, Escape, Tab, a tap elsewhere, a dialog keeping it), its time runs again.
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && toast.contains(event.relatedTarget))) useToastStore.getState().pause(false);
    };
    window.addEventListener('keydown', onKey);
    toast.addEventListener('focusout', onFocusOut);
    return () => {
      window.removeEventListener('keydown', onKey);
      toast.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  return (
    <IonToast
      ref={ref}
      isOpen={ready && current !== null}
      header={shown?.title}
      message={shown?.description}
      color={destructive ? 'danger' : 'dark'}
      position="bottom"
      swipeGesture="vertical"
      className="admin-toast"
      htmlAttributes={{ role: 'region', 'aria-label': REGION_LABEL }}
      buttons={[{ text: '×', role: 'cancel', htmlAttributes: { 'aria-label': 'Close notification' } }]}
      onWillPresent={(event) => {
        presented.current = true;
        markLiveRegion(event.target, destructive);
      }}
      onWillDismiss={() => {
        presented.current = false;
        giveFocusBack(ref.current, focusWasOn);
      }}
      onDidDismiss={() => {
        // Swiped away or closed: the store lets the toast go, unless a newer one came meanwhile.
        const store = useToastStore.getState();
        if (store.current?.id === shown?.id) store.dismiss();
      }}
    />
  );
}

/** Ionic draws the toast's live region in its shadow root, always a polite status. */
function markLiveRegion(toast: HTMLElement | null, destructive: boolean) {
  const region = toast?.shadowRoot?.querySelector('.toast-content');
  region?.setAttribute('role', destructive ? 'alert' : 'status');
  region?.setAttribute('aria-live', destructive ? 'assertive' : 'polite');
}

/** Focus back where F8 found it, if the toast has it. */
function giveFocusBack(toast: HTMLElement | null, focusWasOn: RefObject<HTMLElement | null>) {
  if (!toast?.contains(document.activeElement)) return;
  const back = focusWasOn.current;
  focusWasOn.current = null;
  if (back?.isConnected) back.focus();
  else (document.activeElement as HTMLElement | null)?.blur();
}

/** The focused element, inside the shadow roots Ionic draws its controls in. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
