import { create } from 'zustand';

/** Toasts: at most one at a time, shown for 5000 ms (counted again from when focus leaves it). */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

interface ToastState {
  current: Toast | null;
  /** True while another host shows the toasts (the admin's, on Ionic): the viewport then shows none. */
  hosted: boolean;
  /** True while a person has moved focus onto the toast to read it: it stays until they leave it. */
  paused: boolean;
  pause: (paused: boolean) => void;
  show: (toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }) => void;
  dismiss: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  hosted: false,
  paused: false,
  pause: (paused) => set({ paused }),
  // A new toast replaces the one on screen: the limit is one.
  show: (toast) => set({ current: { variant: 'default', ...toast, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

export const toast = (title: string, description?: string) => useToastStore.getState().show({ title, description });
export const errorToast = (title: string, description?: string) => useToastStore.getState().show({ title, description, variant: 'destructive' });

/** sessionStorage (this tab only): the toast to show again once the page has reloaded. */
const KEPT_KEY = 'cocoa.toast-after-reload';

/**
 * Before a reload the app makes itself (after a profile update): the toast on screen is shown
 * again, for its full time, on the reloaded page, instead of vanishing with the old one.
 */
export function keepToastAcrossReload(): void {
  const current = useToastStore.getState().current;
  if (!current) return;
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify({ title: current.title, description: current.description, variant: current.variant }));
  } catch {
    // storage blocked (private mode): the toast goes with the page
  }
}

/** Once, when the page starts: shows the toast kept across the reload, if any. */
export function showToastKeptAcrossReload(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEPT_KEY);
    sessionStorage.removeItem(KEPT_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  let kept: { title?: unknown; description?: unknown; variant?: unknown };
  try {
    kept = JSON.parse(raw) as typeof kept;
  } catch {
    return;
  }
  if (typeof kept?.title !== 'string') return;
  useToastStore.getState().show({
    title: kept.title,
    description: typeof kept.description === 'string' ? kept.description : undefined,
    variant: kept.variant === 'destructive' ? 'destructive' : 'default',
  });
}
