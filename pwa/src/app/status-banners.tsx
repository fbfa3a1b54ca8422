import { useState } from 'react';
import { useOnline } from '../lib/use-online';
import { isIosSafariNotInstalled, usePwaStore } from './pwa-store';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="banner banner--offline" role="status">
      You are offline. You can keep browsing what you have seen and your cart is kept on this device.
    </div>
  );
}

export function UpdatePrompt() {
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const dismiss = usePwaStore((s) => s.dismissUpdate);
  if (!applyUpdate) return null;
  return (
    <div className="banner banner--update" role="alert">
      <span>A new version of the shop is available.</span>
      <button type="button" className="btn btn--primary btn--small" onClick={applyUpdate}>Update now</button>
      <button type="button" className="btn btn--outline btn--small" onClick={dismiss}>Later</button>
    </div>
  );
}

const IOS_HINT_KEY = 'cocoa-ios-hint-dismissed';

export function IosInstallHint() {
  const [visible, setVisible] = useState(() => isIosSafariNotInstalled() && localStorage.getItem(IOS_HINT_KEY) !== '1');
  if (!visible) return null;
  return (
    <div className="banner banner--hint" role="note">
      <span>Install Cocoa Shop: tap the Share button, then “Add to Home Screen”.</span>
      <button
        type="button"
        className="icon-btn"
        aria-label="Dismiss install hint"
        onClick={() => {
          localStorage.setItem(IOS_HINT_KEY, '1');
          setVisible(false);
        }}
      >
        ×
      </button>
    </div>
  );
}
