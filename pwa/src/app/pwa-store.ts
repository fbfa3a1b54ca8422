import { create } from 'zustand';

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
  window.addEventListener('appinstalled', () => usePwaStore.setState({ installEvent: null }));
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
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone;
}
