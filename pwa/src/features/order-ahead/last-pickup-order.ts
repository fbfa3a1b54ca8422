/**
 * The order page of the last pickup order placed on this device for each stop (with its token
 * when the checkout gave one): a guest who leaves the order page finds it again on the stop's page.
 */
const KEY = 'cocoa.pickup-orders';
/** The newest ones kept. */
const KEPT = 10;

type Stored = Record<string, string>;

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

export function rememberPickupOrder(stopId: number, orderPath: string): void {
  const kept = Object.entries(read()).filter(([stop]) => stop !== String(stopId));
  try {
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries([...kept.slice(-(KEPT - 1)), [String(stopId), orderPath]])));
  } catch {
    // storage full or blocked: the order page is open, and its link is in the e-mail
  }
}

/** The order page kept for this stop, if it is one ('/orders/…'). */
export function pickupOrderFor(stopId: string): string | null {
  const path = read()[stopId];
  return typeof path === 'string' && path.startsWith('/orders/') ? path : null;
}
