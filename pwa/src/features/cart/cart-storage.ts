import { get, set } from 'idb-keyval';
import type { StoredCart } from '@cocoa/shared-types';

/** Where the cart is kept between visits; IndexedDB in the browser, swappable in tests. */
export interface CartStorage {
  load(): Promise<unknown>;
  save(cart: StoredCart): Promise<void>;
}

const KEY = 'cocoa-cart';

export const idbCartStorage: CartStorage = {
  load: () => get(KEY),
  save: (cart) => set(KEY, cart),
};
