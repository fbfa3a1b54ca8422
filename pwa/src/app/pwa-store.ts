import { create } from 'zustand';
import { keepStorage } from '../lib/persistent-storage';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** set when a new service worker waits; calling it activates the new version and reloads */
  applyUpdate: (() => void) | null;
  installEvent: BeforeInstallPromptEvent | null;
  dismissUpdate: () => void;
}

export const usePwaStore = create<PwaState>((set) => ({
  applyUpdate: null,
  installEvent: null,
  dismissUpdate: () => set({ applyUpdate: null }),
}));

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    usePwaStore.setState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    usePwaStore.setState({ installEvent: null });
    // An installed app keeps its cart and outbox where the browser allows it (lib/persistent-storage.ts).
    void keepStorage('installed');
  });
}

/** The app runs installed: from the home screen, in its own window (standalone), not in a browser tab. */
function isStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches;
}

/** Started installed: the browser is asked to keep the app's storage (lib/persistent-storage.ts); in a browser tab, nothing is asked. */
export function keepStorageWhenInstalled(): void {
  if (isStandalone()) void keepStorage('installed');
}

export async function promptInstall() {
  const event = usePwaStore.getState().installEvent;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  usePwaStore.setState({ installEvent: null });
}

export function isIosSafariNotInstalled(): boolean {
  const ua = navigator.userAgent;
  const ios = /iphone|ipad|ipod/i.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && !isStandalone();
}
