import { useEffect, useState } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useHydrated } from '../lib/use-hydrated';
import { useShopIdentity } from '../lib/shop-identity';
import { useOnline } from '../lib/use-online';
import { whenText } from '../ui/saved-entries';
import { isIosSafariNotInstalled, usePwaStore } from './pwa-store';

/**
 * When the oldest copy on screen was saved: the data of the queries the open page shows (active
 * ones), as this device last received it. Null when the page shows nothing from the cache.
 */
export function oldestShownCopy(client: QueryClient): number | null {
  const times = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((query) => query.state.dataUpdatedAt)
    .filter((at) => at > 0);
  return times.length > 0 ? Math.min(...times) : null;
}

/** Offline: says so, and when what the page shows was saved (a saved copy says its age). */
export function OfflineBanner() {
  const online = useOnline();
  const client = useQueryClient();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    const update = () => setSavedAt(oldestShownCopy(client));
    update();
    // The page's queries come and go as the person moves around offline.
    return client.getQueryCache().subscribe(update);
  }, [client, online]);
  if (online) return null;
  return (
    <div className="banner banner--offline" role="status">
      You are offline. You can keep browsing what you have seen and your cart is kept on this device.
      {savedAt !== null && <> What this page shows was saved {whenText(new Date(savedAt))}.</>}
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
      <button type="button" className="btn btn--primary btn--small" onClick={applyUpdate}>
        Update now
      </button>
      <button type="button" className="btn btn--outline btn--small" onClick={dismiss}>
        Later
      </button>
    </div>
  );
}

const IOS_HINT_KEY = 'cocoa-ios-hint-dismissed';

export function IosInstallHint() {
  // Only in the browser: the server's first screen (and the app's hydration of it) has no hint.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const shopName = useShopIdentity()?.name;
  if (!hydrated || dismissed || !isIosSafariNotInstalled() || localStorage.getItem(IOS_HINT_KEY) === '1') return null;
  return (
    <div className="banner banner--hint" role="note">
      <span>Install {shopName ?? 'the app'}: tap the Share button, then “Add to Home Screen”.</span>
      <button
        type="button"
        className="icon-btn"
        aria-label="Dismiss install hint"
        onClick={() => {
          localStorage.setItem(IOS_HINT_KEY, '1');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
