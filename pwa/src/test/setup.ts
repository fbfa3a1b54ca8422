import '@testing-library/jest-dom';
import 'fake-indexeddb/auto';
import { useToastStore } from '../ui/toast-store';

if (!('structuredClone' in globalThis)) {
  (globalThis as { structuredClone?: unknown }).structuredClone = (v: unknown) => JSON.parse(JSON.stringify(v));
}

// Specs of server code (`@jest-environment node`, the server's first screens) have no window.
if (typeof window !== 'undefined') {
  // jsdom lacks these browser APIs that the shell and Ionic touch.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  window.scrollTo = () => undefined;
  // Ionic's scrollable segment scrolls its chosen button into view.
  Element.prototype.scrollTo ??= () => undefined;

  // The API's signed-in hint (SIGNED_IN_HINT_COOKIE): the specs answer GET /api/user themselves (a user, or 401).
  document.cookie = 'cocoa.signedin=1; path=/';
}

// A toast one test shows is gone before the next begins.
beforeEach(() => useToastStore.getState().dismiss());
