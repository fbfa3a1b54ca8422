import { useEffect, useRef, useState } from 'react';
import { IonToast } from '@ionic/react';
import { type Toast, useToastStore } from '../../../ui/toast-store';
import { useOpenOnNextFrame } from './open-on-next-frame';

/**
 * The admin's toasts, on Ionic's toast: while the admin is on screen it shows the app's toasts
 * (ui/toast-store: one at a time, the same texts, the time the app's viewport keeps) and that
 * viewport shows none (`hosted`). Ionic reads a toast out as a polite status; a destructive one is
 * made an assertive alert. A swipe down or Close dismisses it (docs/admin.md).
 */
export function AdminToasts() {
  const current = useToastStore((s) => s.current);
  const ready = useOpenOnNextFrame();
  const ref = useRef<HTMLIonToastElement>(null);
  // The last toast stays on the element while Ionic takes it away.
  const [shown, setShown] = useState<Toast | null>(current);
  if (current && current !== shown) setShown(current);
  const destructive = shown?.variant === 'destructive';

  useEffect(() => {
    useToastStore.setState({ hosted: true });
    return () => useToastStore.setState({ hosted: false });
  }, []);
  useEffect(() => markLiveRegion(ref.current, destructive), [destructive]);

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
      buttons={[{ text: '×', role: 'cancel', htmlAttributes: { 'aria-label': 'Close notification' } }]}
      onWillPresent={(event) => markLiveRegion(event.target, destructive)}
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
