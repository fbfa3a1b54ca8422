/**
 * A startup path override: the app can be sent to a given path on startup (see docs/decisions.md).
 * Ours: open the shop once with `?startPath=/cocoa-tracker` (e.g. from a QR code or a kiosk
 * tablet's bookmark) and from then on the installed app, which always starts at `/`, opens on that
 * page; `?startPath=` with no value removes the override. Kept in localStorage on this device only.
 */
export const STARTUP_PATH_PARAM = 'startPath';
export const STARTUP_PATH_KEY = 'cocoa.startupPath';

/** An in-app route: one leading slash, never the API, uploads or another origin. */
function isAppPath(path: string): boolean {
  return /^\/(?!\/)/.test(path) && !/^\/(api|uploads)(\/|$|\?)/.test(path) && !/[\\\s]/.test(path) && path.length <= 200;
}

function readStored(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const stored = storage.getItem(STARTUP_PATH_KEY);
    return stored && isAppPath(stored) ? stored : null;
  } catch {
    return null; // storage blocked (private mode): no override
  }
}

/**
 * Where the app should be when it starts, or null to stay. Saves or clears the override when the
 * URL carries `startPath`, and leaves that parameter out of the address either way.
 */
export function startupPathFor(location: { pathname: string; search: string }, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): string | null {
  const params = new URLSearchParams(location.search);
  if (params.has(STARTUP_PATH_PARAM)) {
    const wanted = params.get(STARTUP_PATH_PARAM) ?? '';
    params.delete(STARTUP_PATH_PARAM);
    try {
      if (wanted === '') storage.removeItem(STARTUP_PATH_KEY);
      else if (isAppPath(wanted)) storage.setItem(STARTUP_PATH_KEY, wanted);
    } catch {
      // storage blocked: the override applies to this visit only
    }
    if (isAppPath(wanted)) return wanted;
    const rest = params.toString();
    return `${location.pathname}${rest ? `?${rest}` : ''}`;
  }
  if (location.pathname !== '/') return null;
  return readStored(storage);
}

/** Called once before the router reads the address. */
export function applyStartupPath(): void {
  const target = startupPathFor(window.location, window.localStorage);
  if (target && target !== window.location.pathname + window.location.search) window.history.replaceState(null, '', target);
}
