import { createCartStore } from './cart-store';
import { idbCartStorage } from './cart-storage';
import { memoryCartStorage } from './cart-storage.double';

const cocoa = {
  id: 1,
  name: 'Classic Hot Cocoa',
  price: 12.99,
  imageUrl: '/images/products/cocoa-hot.svg',
  slug: 'classic-hot-cocoa',
  variationId: null,
  description: null,
};
const iced = { ...cocoa, id: 2, name: 'Iced Cocoa', price: 9.5, slug: 'iced-cocoa' };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart store', () => {
  it('starts empty with a new 21-character session id and saves it, without loading the rules (nor zod)', async () => {
    const storage = memoryCartStorage();
    const loadRules = jest.fn(() => import('@cocoa/shared-types/cart'));
    const store = createCartStore(storage, loadRules);
    expect(store.getState().hydrated).toBe(false);
    await store.getState().hydrate();
    expect(store.getState().hydrated).toBe(true);
    expect(loadRules).not.toHaveBeenCalled();
    expect(store.getState().lines).toEqual([]);
    expect(store.getState().sessionId).toHaveLength(21);
    await flush();
    expect(storage.value).toEqual({ lines: [], sessionId: store.getState().sessionId });
  });

  it('restores a stored cart and keeps its session id', async () => {
    const stored = { lines: [{ ...cocoa, quantity: 3 }], sessionId: 'abcdefghijklmnopqrstu' };
    const store = createCartStore(memoryCartStorage(stored));
    await store.getState().hydrate();
    expect(store.getState().lines).toEqual(stored.lines);
    expect(store.getState().sessionId).toBe('abcdefghijklmnopqrstu');
  });

  it('ignores a corrupt stored copy and starts a fresh cart', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const corrupt of ['{not json', { lines: [{ id: 'x', quantity: -2 }], sessionId: 'short' }, { lines: 'nope' }, 42]) {
      const storage = memoryCartStorage(corrupt);
      const store = createCartStore(storage);
      await store.getState().hydrate();
      expect(store.getState().lines).toEqual([]);
      expect(store.getState().sessionId).toHaveLength(21);
      await flush();
      expect(storage.value).toEqual({ lines: [], sessionId: store.getState().sessionId });
    }
    expect(warn).toHaveBeenCalledWith('Ignoring a corrupt stored cart');
    warn.mockRestore();
  });

  it('applies the shared rules and saves every change', async () => {
    const storage = memoryCartStorage();
    const store = createCartStore(storage);
    await store.getState().hydrate();
    const { dispatch } = store.getState();
    dispatch({ type: 'add', product: cocoa });
    // the empty cart was read without its rules: the first change loads them (the drawer says it is loading meanwhile)
    expect(store.getState().hydrated).toBe(false);
    dispatch({ type: 'add', product: cocoa });
    await store.getState().hydrate();
    expect(store.getState().hydrated).toBe(true);
    dispatch({ type: 'add', product: iced });
    expect(store.getState().lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    dispatch({ type: 'decrement', id: 2 });
    expect(store.getState().lines.find((l) => l.id === 2)?.quantity).toBe(1);
    dispatch({ type: 'setQuantity', id: 2, quantity: 0 });
    dispatch({ type: 'increment', id: 1 });
    await flush();
    expect(storage.value).toEqual({ lines: [{ ...cocoa, quantity: 3 }], sessionId: store.getState().sessionId });
    dispatch({ type: 'clear' });
    await flush();
    expect((storage.value as { lines: unknown[] }).lines).toEqual([]);
  });

  it('replays actions taken before the stored copy was read', async () => {
    const storage = memoryCartStorage({ lines: [{ ...cocoa, quantity: 1 }], sessionId: 'abcdefghijklmnopqrstu' });
    const store = createCartStore(storage);
    store.getState().dispatch({ type: 'add', product: cocoa });
    await store.getState().hydrate();
    expect(store.getState().lines).toEqual([{ ...cocoa, quantity: 2 }]);
    await flush();
    expect((storage.value as { lines: Array<{ quantity: number }> }).lines[0].quantity).toBe(2);
  });

  it('persists in IndexedDB through idb-keyval so a new store (a reload) gets the same cart', async () => {
    const first = createCartStore(idbCartStorage);
    await first.getState().hydrate();
    first.getState().dispatch({ type: 'add', product: iced });
    await new Promise((r) => setTimeout(r, 20));
    const second = createCartStore(idbCartStorage);
    await second.getState().hydrate();
    expect(second.getState().lines).toEqual([{ ...iced, quantity: 1 }]);
    expect(second.getState().sessionId).toBe(first.getState().sessionId);
  });
});
