import { create } from 'zustand';

interface CartDrawerState {
  isOpen: boolean;
  /** Opens the drawer; with autoClose it closes after 4 s (CART_AUTO_CLOSE_MS) unless touched first. */
  open: (options?: { autoClose?: boolean }) => void;
  close: () => void;
  /** Any interaction with the open drawer cancels the auto-close. */
  cancelAutoClose: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** bumped by every open, close or touch, so a pending auto-close of an older open is dropped */
let generation = 0;
const clearTimer = () => {
  generation++;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
};

export const useCartDrawer = create<CartDrawerState>((set) => ({
  isOpen: false,
  open: (options) => {
    clearTimer();
    set({ isOpen: true });
    if (!options?.autoClose) return;
    const mine = generation;
    // The cart rules module (with zod) is loaded with the cart, so this resolves at once; importing
    // it lazily keeps it out of the entry chunk.
    void import('@cocoa/shared-types/cart').then(({ CART_AUTO_CLOSE_MS }) => {
      if (mine !== generation) return;
      timer = setTimeout(() => {
        timer = undefined;
        set({ isOpen: false });
      }, CART_AUTO_CLOSE_MS);
    });
  },
  close: () => {
    clearTimer();
    set({ isOpen: false });
  },
  cancelAutoClose: clearTimer,
}));
