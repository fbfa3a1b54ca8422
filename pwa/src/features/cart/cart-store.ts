import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { cartReducer, newCartSessionId, parseStoredCart, type CartAction, type CartLine } from '@cocoa/shared-types';
import { idbCartStorage, type CartStorage } from './cart-storage';

export interface CartState {
  lines: CartLine[];
  sessionId: string;
  hydrated: boolean;
  /** Applies one shared-reducer action and saves the result. */
  dispatch: (action: CartAction) => void;
  hydrate: () => Promise<void>;
}

/**
 * The cart (SPEC §4): lines run through the shared reducer, the whole cart with its 21-character
 * session id is saved to storage after each change and restored on load; a stored copy that fails
 * the schema is ignored. Actions taken before the stored copy is read are replayed on top of it.
 */
export function createCartStore(storage: CartStorage): UseBoundStore<StoreApi<CartState>> {
  let pending: CartAction[] = [];
  let hydrating: Promise<void> | null = null;

  return create<CartState>((set, get) => {
    const persist = () => {
      const { lines, sessionId } = get();
      storage.save({ lines, sessionId }).catch((error) => console.error('Could not save the cart', error));
    };

    return {
      lines: [],
      sessionId: '',
      hydrated: false,
      dispatch: (action) => {
        if (!get().hydrated) {
          pending.push(action);
          set({ lines: cartReducer(get().lines, action) });
          return;
        }
        set({ lines: cartReducer(get().lines, action) });
        persist();
      },
      hydrate: () => {
        hydrating ??= (async () => {
          let raw: unknown = null;
          try {
            raw = await storage.load();
          } catch (error) {
            console.error('Could not read the stored cart', error);
          }
          const stored = parseStoredCart(raw);
          if (raw != null && !stored) console.warn('Ignoring a corrupt stored cart');
          const base = stored ?? { lines: [], sessionId: newCartSessionId() };
          const lines = pending.reduce(cartReducer, base.lines);
          pending = [];
          set({ lines, sessionId: base.sessionId, hydrated: true });
          if (!stored || lines !== base.lines) persist();
        })();
        return hydrating;
      },
    };
  });
}

export const useCartStore = createCartStore(idbCartStorage);
