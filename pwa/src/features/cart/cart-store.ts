import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { type CartAction, type CartLine, newCartSessionId } from '@cocoa/shared-types';
import { keepStorage } from '../../lib/persistent-storage';
import { idbCartStorage, type CartStorage } from './cart-storage';

type CartRules = Pick<typeof import('@cocoa/shared-types/cart'), 'cartReducer' | 'cartItemCount' | 'parseStoredCart'>;

/**
 * The shared cart rules validate with zod; loading them with a stored cart, or with the first
 * change (not in the entry chunk), keeps zod off the first screen's critical path, and off a first
 * visit's start-up altogether (nothing stored: an empty cart needs no rules).
 */
const loadRules = (): Promise<CartRules> => import('@cocoa/shared-types/cart');

export interface CartState {
  lines: CartLine[];
  /** total quantity, kept with the lines */
  count: number;
  sessionId: string;
  hydrated: boolean;
  /** Applies one shared-reducer action and saves the result. */
  dispatch: (action: CartAction) => void;
  hydrate: () => Promise<void>;
}

/**
 * The cart: lines run through the shared reducer, the whole cart with its 21-character
 * session id is saved to storage after each change and restored on load; a stored copy that fails
 * the schema is ignored. Actions taken before the stored copy is read are replayed on top of it.
 */
export function createCartStore(storage: CartStorage, rulesLoader: () => Promise<CartRules> = loadRules): UseBoundStore<StoreApi<CartState>> {
  let pending: CartAction[] = [];
  let hydrating: Promise<void> | null = null;
  let rules: CartRules | null = null;

  return create<CartState>((set, get) => {
    const persist = () => {
      const { lines, sessionId } = get();
      storage.save({ lines, sessionId }).catch((error) => console.error('Could not save the cart', error));
      // A cart worth keeping: the browser is asked, once per device, not to clear it when short of space.
      if (lines.length > 0) void keepStorage('holds-something');
    };
    const apply = (lines: CartLine[]) => set({ lines, count: rules ? rules.cartItemCount(lines) : 0 });
    /** `lines` with the actions taken before the cart and its rules were in made on top (none without rules). */
    const withPending = (lines: CartLine[]) => {
      const next = rules ? pending.reduce(rules.cartReducer, lines) : lines;
      pending = [];
      return next;
    };

    return {
      lines: [],
      count: 0,
      sessionId: '',
      hydrated: false,
      dispatch: (action) => {
        if (!get().hydrated || !rules) {
          // Replayed by hydrate(); the drawer shows its loading state meanwhile.
          pending.push(action);
          if (get().hydrated) {
            // An empty cart was read without the rules: its first change loads them, then is made.
            set({ hydrated: false });
            hydrating = (async () => {
              rules ??= await rulesLoader();
              apply(withPending(get().lines));
              set({ hydrated: true });
              persist();
            })();
          }
          void get().hydrate();
          return;
        }
        apply(rules.cartReducer(get().lines, action));
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
          if (raw != null || pending.length > 0) rules ??= await rulesLoader();
          const stored = rules && raw != null ? rules.parseStoredCart(raw) : null;
          if (raw != null && !stored) console.warn('Ignoring a corrupt stored cart');
          const base = stored ?? { lines: [], sessionId: newCartSessionId() };
          const lines = withPending(base.lines);
          apply(lines);
          set({ sessionId: base.sessionId, hydrated: true });
          if (!stored || lines !== base.lines) persist();
        })();
        return hydrating;
      },
    };
  });
}

export const useCartStore = createCartStore(idbCartStorage);
