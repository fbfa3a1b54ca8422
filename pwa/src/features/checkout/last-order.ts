/** The last order placed in this tab, for /order-confirmation (read once, then removed). */
const KEY = 'cocoa-last-order-id';

export function rememberLastOrder(orderId: string): void {
  try {
    window.sessionStorage.setItem(KEY, orderId);
  } catch {
    // storage unavailable (private mode): the Confirmation step still shows the order
  }
}

export function peekLastOrder(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetLastOrder(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
