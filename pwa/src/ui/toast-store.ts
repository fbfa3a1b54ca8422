import { create } from 'zustand';

/** Toasts (SPEC §9): at most one at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

interface ToastState {
  current: Toast | null;
  show: (toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }) => void;
  dismiss: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  // A new toast replaces the one on screen: the limit is one.
  show: (toast) => set({ current: { variant: 'default', ...toast, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

export const toast = (title: string, description?: string) => useToastStore.getState().show({ title, description });
export const errorToast = (title: string, description?: string) =>
  useToastStore.getState().show({ title, description, variant: 'destructive' });
