import type { StoredCart } from '@cocoa/shared-types';
import type { CartStorage } from './cart-storage';

/** A CartStorage in memory for tests; `value` is what a reload would read (a copy, as IndexedDB keeps). */
export function memoryCartStorage(initial?: unknown): CartStorage & { value: unknown } {
  const storage = {
    value: initial,
    load: async () => storage.value,
    save: async (cart: StoredCart) => {
      storage.value = structuredClone(cart);
    },
  };
  return storage;
}
