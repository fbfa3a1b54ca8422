import { clear } from 'idb-keyval';
import { keepStorageWhenInstalled, listenForInstallPrompt } from '../app/pwa-store';
import { createCartStore } from '../features/cart/cart-store';
import { memoryCartStorage } from '../features/cart/cart-storage.double';
import { createOutbox } from './outbox';
import { keepStorage, STORAGE_ANSWER_KEY } from './persistent-storage';

/** The browser's StorageManager as the phone answers: `granted` is what persist() decides. */
function fakeStorage(granted: boolean, alreadyPersisted = false) {
  const storage = {
    persist: jest.fn(async () => granted),
    persisted: jest.fn(async () => alreadyPersisted),
  };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  return storage;
}

/** Runs `display-mode: standalone` as an installed app would match it. */
function runStandalone(standalone: boolean) {
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => ({ matches: standalone && query === '(display-mode: standalone)', media: query }) as MediaQueryList);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const remembered = () => JSON.parse(localStorage.getItem(STORAGE_ANSWER_KEY) ?? 'null');

const cocoa = { id: 1, name: 'Classic Hot Cocoa', price: 12.99, imageUrl: null, slug: 'classic-hot-cocoa', variationId: null, description: null };

beforeEach(async () => {
  localStorage.clear();
  await clear();
  runStandalone(false);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as { storage?: unknown }).storage;
});

describe('keepStorage', () => {
  it('asks the browser once per device and remembers a grant', async () => {
    const storage = fakeStorage(true);
    expect(await keepStorage('holds-something')).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(remembered()).toEqual({ granted: true, installed: false });
    expect(await keepStorage('holds-something')).toBeNull();
    expect(await keepStorage('installed')).toBeNull();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('asks at the same moment only once, however many things ask', async () => {
    const storage = fakeStorage(true);
    await Promise.all([keepStorage('holds-something'), keepStorage('holds-something'), keepStorage('installed')]);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again after a refusal, until the app runs installed; then never again', async () => {
    const storage = fakeStorage(false);
    expect(await keepStorage('holds-something')).toBe(false);
    expect(await keepStorage('holds-something')).toBeNull();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    // Chromium grants an installed app without asking the person: asked once more then.
    expect(await keepStorage('installed')).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(2);
    expect(remembered()).toEqual({ granted: false, installed: true });
    expect(await keepStorage('installed')).toBeNull();
    expect(await keepStorage('holds-something')).toBeNull();
    expect(storage.persist).toHaveBeenCalledTimes(2);
  });

  it('does not ask when the storage is already kept', async () => {
    const storage = fakeStorage(false, true);
    expect(await keepStorage('holds-something')).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
    expect(remembered()).toEqual({ granted: true, installed: false });
  });

  it('answers null and changes nothing in a browser without the Storage API', async () => {
    expect('storage' in navigator).toBe(false);
    expect(await keepStorage('installed')).toBeNull();
    expect(remembered()).toBeNull();
  });

  it('answers null when the browser fails to answer, and asks again on the next occasion', async () => {
    const storage = fakeStorage(true);
    storage.persist.mockRejectedValueOnce(new DOMException('The operation is insecure.', 'SecurityError'));
    expect(await keepStorage('holds-something')).toBeNull();
    expect(remembered()).toBeNull();
    expect(await keepStorage('holds-something')).toBe(true);
  });
});

describe('when the shop asks to keep its storage', () => {
  it('never as a casual visitor loads a page in a browser tab: an empty cart, not installed', async () => {
    const storage = fakeStorage(true);
    const cart = createCartStore(memoryCartStorage());
    await cart.getState().hydrate();
    keepStorageWhenInstalled();
    await flush();
    expect(storage.persist).not.toHaveBeenCalled();
    expect(storage.persisted).not.toHaveBeenCalled();
  });

  it('when the cart first holds something', async () => {
    const storage = fakeStorage(true);
    const cart = createCartStore(memoryCartStorage());
    await cart.getState().hydrate();
    cart.getState().dispatch({ type: 'add', product: cocoa });
    await cart.getState().hydrate();
    await flush();
    expect(cart.getState().lines).toHaveLength(1);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    // more lines later ask nothing more
    cart.getState().dispatch({ type: 'add', product: { ...cocoa, id: 2, slug: 'iced' } });
    await flush();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('when an outbox first keeps something to send later', async () => {
    const storage = fakeStorage(true);
    type Note =
      | { id: string; savedAt: string; status: 'waiting'; text: string }
      | { id: string; savedAt: string; status: 'sent'; text: string }
      | { id: string; savedAt: string; status: 'refused'; text: string; message: string };
    const outbox = createOutbox<Note, [text: string]>({
      name: 'test-keep-outbox',
      isEntry: (e) => typeof e.text === 'string',
      kept: (text) => ({ fields: { text } }),
      send: async (entry) => ({ id: entry.id, savedAt: entry.savedAt, status: 'sent', text: entry.text }),
      texts: { sent: () => ({ title: 'Sent', description: 'Sent' }), refused: { title: 'Refused', fallback: 'Refused' } },
      toasts: { toast: () => undefined, errorToast: () => undefined },
    });
    await outbox.getState().hydrate();
    expect(storage.persist).not.toHaveBeenCalled();
    await outbox.getState().keep('Can you serve 120 guests?');
    await flush();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('when the app is installed (the appinstalled event)', async () => {
    const storage = fakeStorage(true);
    listenForInstallPrompt();
    expect(storage.persist).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('appinstalled'));
    await flush();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(remembered()).toEqual({ granted: true, installed: true });
  });

  it('when the app starts installed (standalone)', async () => {
    const storage = fakeStorage(true);
    runStandalone(true);
    keepStorageWhenInstalled();
    await flush();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });
});
