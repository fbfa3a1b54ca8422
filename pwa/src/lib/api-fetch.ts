import { STEP_UP_REQUIRED } from '@cocoa/shared-types';

/**
 * The one fetch client (the call rules and the message rule): same-origin calls with cookies,
 * JSON bodies with a JSON content type, 204 → undefined, otherwise the parsed JSON. A non-OK
 * answer throws an ApiError whose message comes from body.message, else body.error, else the raw
 * text, else the status text; its code is body.code (the API's stable error codes), when given.
 * An answer STEP_UP_REQUIRED (docs/security.md) asks the person to confirm it is them (the
 * step-up dialog, when the app has one open for it) and, once they have, makes the call again, once.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** 'no-store' also bypasses the service worker's runtime caches (the admin's reads). */
  cache?: RequestCache;
  /** Sent as the Idempotency-Key header: the owner's changes replayed from the tablet's queue are made once. */
  idempotencyKey?: string;
}

export function errorMessageFrom(text: string, statusText: string): string {
  if (text) {
    try {
      const body: unknown = JSON.parse(text);
      if (body && typeof body === 'object') {
        const { message, error } = body as { message?: unknown; error?: unknown };
        const pick = (v: unknown) => (Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : '');
        if (pick(message)) return pick(message);
        if (pick(error)) return pick(error);
      }
    } catch {
      // not JSON: the raw text is the message
    }
    return text;
  }
  return statusText || 'Request failed';
}

/** The API's error code in an error answer ({ statusCode, message, code }), if it has one. */
function errorCodeFrom(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the person to enter their password or a code again (the step-up dialog); true once they have. */
type StepUpPrompt = () => Promise<boolean>;
let stepUpPrompt: StepUpPrompt | undefined;

/** The app's step-up dialog offers itself here while it is mounted; `undefined` when it goes. */
export function setStepUpPrompt(prompt: StepUpPrompt | undefined): void {
  stepUpPrompt = prompt;
}

/** The step-up dialog for an action the browser makes itself (a download link); false when there is none or the person cancelled. */
export function askForStepUp(): Promise<boolean> {
  return stepUpPrompt ? stepUpPrompt() : Promise.resolve(false);
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** apiFetch that also hands back the response headers (e.g. a list's next-page cursor). */
export async function apiFetchWithHeaders<T>(path: string, options: ApiFetchOptions = {}): Promise<{ data: T; headers: Headers }> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === STEP_UP_REQUIRED && (await askForStepUp()))) throw error;
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: ApiFetchOptions): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, signal, cache, idempotencyKey } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    ...(cache ? { cache } : {}),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(errorMessageFrom(text, response.statusText), response.status, errorCodeFrom(text));
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** List calls: a non-array answer is treated as an empty list and logged. */
export async function apiFetchList<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const data = await apiFetch<unknown>(path, { signal });
  if (!Array.isArray(data)) {
    console.warn(`Expected a list from ${path}, got`, data);
    return [];
  }
  return data as T[];
}

/**
 * The text for a failed call: the server's message when it answered, the thrown message
 * of our own checks, and the shop's general fallback text otherwise. A fetch that never reached the server
 * rejects with a TypeError whose text is the browser's ('Failed to fetch', 'Load failed'): that
 * is never shown, the fallback is.
 */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

export function messageOf(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
