import { useEffect, useRef } from 'react';
import { showToastKeptAcrossReload, TOAST_DURATION_MS, useToastStore } from './toast-store';

const SWIPE_DISMISS_PX = 50;

/**
 * The app's toast region: polite live region, F8 focuses it, swipe right or close dismisses. While
 * another host shows the toasts (`hosted`) it shows none, and still keeps each toast's time, held
 * while the toast has focus (`paused`).
 */
export function ToastViewport() {
  const current = useToastStore((s) => s.current);
  const hosted = useToastStore((s) => s.hosted);
  const paused = useToastStore((s) => s.paused);
  const dismiss = useToastStore((s) => s.dismiss);
  const regionRef = useRef<HTMLOListElement>(null);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (!current || paused) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused, dismiss]);

  // A toast kept across a reload the app made (keepToastAcrossReload) shows on the new page.
  useEffect(() => showToastKeptAcrossReload(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // While another host shows the toasts, F8 is that host's to answer.
      if (event.key === 'F8' && !useToastStore.getState().hosted) regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ol ref={regionRef} className="toast-viewport" tabIndex={-1} aria-label="Notifications (F8)" aria-live="polite">
      {current && !hosted && (
        // The list item stays a listitem (a role on it would break the list); the message inside is the status or alert.
        <li
          key={current.id}
          className={`toast toast--${current.variant}`}
          onPointerDown={(e) => (startX.current = e.clientX)}
          onPointerUp={(e) => {
            if (startX.current != null && e.clientX - startX.current > SWIPE_DISMISS_PX) dismiss();
            startX.current = null;
          }}
        >
          <div role={current.variant === 'destructive' ? 'alert' : 'status'}>
            <p className="toast__title">{current.title}</p>
            {current.description && <p className="toast__description">{current.description}</p>}
          </div>
          <button type="button" className="toast__close" aria-label="Close notification" onClick={dismiss}>
            ×
          </button>
        </li>
      )}
    </ol>
  );
}
