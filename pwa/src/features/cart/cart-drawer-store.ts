import { create } from 'zustand';
import { CART_AUTO_CLOSE_MS } from '@cocoa/shared-types';

interface CartDrawerState {
  isOpen: boolean;
  /** Opens the drawer; with autoClose it closes after 4 s unless touched first. */
  open: (options?: { autoClose?: boolean }) => void;
  close: () => void;
  /** Any interaction with the open drawer cancels the auto-close. */
  cancelAutoClose: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
const clearTimer = () => {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
};

export const useCartDrawer = create<CartDrawerState>((set) => ({
  isOpen: false,
  open: (options) => {
    clearTimer();
    set({ isOpen: true });
    if (options?.autoClose) {
      timer = setTimeout(() => {
        timer = undefined;
        set({ isOpen: false });
      }, CART_AUTO_CLOSE_MS);
    }
  },
  close: () => {
    clearTimer();
    set({ isOpen: false });
  },
  cancelAutoClose: clearTimer,
}));
