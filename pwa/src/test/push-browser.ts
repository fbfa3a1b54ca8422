/**
 * A browser with a service worker, the Push API and notifications, for the specs of the push
 * buttons (the tracker's stops, a pickup order's page).
 */
/** The shop's VAPID public key as GET /api/push/public-key answers it: 65 bytes, base64url. */
export const PUBLIC_KEY = 'BBKG2N410IunQ3HUSAyEs0QmVDsqrcYzfvc9MmpbxjceXqnC99wIQj0E_o_A-pBBO_NBdPdXdNCHxQQPpzX5aHM';
export const ENDPOINT = 'https://push.example.com/send/abc';
export const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) } };

export interface PushCalls {
  fetch: jest.Mock;
  requestPermission: jest.Mock;
  subscribe: jest.Mock;
  unsubscribe: jest.Mock;
}

/** A browser with a service worker, the Push API and notifications, answering as told; fetch answers the shop's three calls. */
export function browserWithPush({
  permission = 'default',
  answer = 'granted',
  failPost,
  routes = {},
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  failPost?: boolean;
  /** The page's other calls, by "METHOD path": a JSON body, or a status and body. */
  routes?: Record<string, { status?: number; body?: unknown }>;
} = {}): PushCalls {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON(): object; unsubscribe: jest.Mock } | null = null;
  const unsubscribe = jest.fn(async () => {
    current = null;
    return true;
  });
  const subscribe = jest.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: options.applicationServerKey.slice().buffer },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe,
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  const requestPermission = jest.fn(async () => {
    Notification.permission = answer;
    return answer;
  });
  const Notification = { permission, requestPermission };
  Object.defineProperty(window, 'Notification', { configurable: true, value: Notification });
  const fetch = jest.fn(async (path: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) => ({
      ok: status < 400,
      status,
      statusText: '',
      headers: new Headers(),
      text: async () => JSON.stringify(body),
    });
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    if (route) return json(route.status ?? 200, route.body ?? {});
    if (path === '/api/push/public-key') return json(200, { publicKey: PUBLIC_KEY });
    if (failPost) throw new TypeError('Failed to fetch');
    if (path === '/api/push/subscriptions') return json(200, { message: 'Notifications are on' });
    if (path === '/api/push/unsubscribe') return json(200, { message: 'Notifications are off' });
    return json(404, { message: `unexpected ${init?.method ?? 'GET'} ${path}` });
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return { fetch, requestPermission, subscribe, unsubscribe };
}

export const posted = (calls: PushCalls, path: string) =>
  calls.fetch.mock.calls.filter(([p]) => p === path).map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);

/** Takes the fake browser's push support away again (after each test). */
export function forgetBrowserPush() {
  localStorage.clear();
  for (const name of ['PushManager', 'Notification'] as const) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
}
