import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LiveState } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { liveQueryKey, type LiveSnapshot } from './live-snapshot';

type LiveParser = (value: unknown) => LiveState | null;
let parser: Promise<LiveParser> | undefined;

/** The schema check, loaded once when first needed (zod is not in the first-screen chunks). */
export function loadLiveParser(): Promise<LiveParser> {
  parser ??= import('./parse-live-state').then(
    (module) => module.parseLiveState,
    (error: unknown) => {
      parser = undefined; // a chunk that failed to load is tried again next time
      throw error;
    },
  );
  return parser;
}

/** localStorage: the last state heard, shown (with its time) to a visitor who is offline. */
const STORAGE_KEY = 'cocoa.live';

function save(snapshot: LiveSnapshot): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: snapshot.state, heardAt: snapshot.heardAt }));
  } catch {
    // storage full or blocked: the state is still on screen
  }
}

/** The stored copy, checked like an answer; a corrupt or outdated one is ignored. */
async function readStored(): Promise<LiveSnapshot | null> {
  let raw: unknown;
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const { state, heardAt } = (raw ?? {}) as { state?: unknown; heardAt?: unknown };
  if (typeof heardAt !== 'string' || Number.isNaN(Date.parse(heardAt))) return null;
  const parsed = (await loadLiveParser())(state);
  return parsed ? { state: parsed, heardAt, stored: true } : null;
}

const updatedMs = (state: LiveState) => (state.updatedAt ? Date.parse(state.updatedAt) : -Infinity);

/** Sets the state heard now in the query (every view of it re-renders) and keeps it on the device. */
export function setLiveState(client: QueryClient, state: LiveState): void {
  const snapshot: LiveSnapshot = { state, heardAt: new Date().toISOString() };
  client.setQueryData(liveQueryKey, snapshot);
  save(snapshot);
}

/**
 * A value from the server (a stream message's JSON, an admin call's answer): set when it is a live
 * state. The state this tab already has from the server (a first screen's, the last message: the
 * stream's first message repeats it) changes nothing and needs no schema check, so a page whose
 * cart does not move never loads the check (zod).
 */
export async function receiveLiveValue(client: QueryClient, value: unknown): Promise<LiveState | null> {
  const current = client.getQueryData<LiveSnapshot>(liveQueryKey);
  if (current && !current.stored && JSON.stringify(current.state) === JSON.stringify(value)) {
    save(current);
    return current.state;
  }
  const state = (await loadLiveParser())(value);
  if (state) setLiveState(client, state);
  else console.warn('Expected a live state, got', value);
  return state;
}

/** The stream was open until now: what it last said still held then. */
export function markLiveHeardNow(client: QueryClient): void {
  const current = client.getQueryData<LiveSnapshot>(liveQueryKey);
  if (!current || current.stored) return;
  const snapshot = { ...current, heardAt: new Date().toISOString() };
  client.setQueryData(liveQueryKey, snapshot);
  save(snapshot);
}

/**
 * GET /api/live (public): seeds the state the stream then keeps current. When it cannot be
 * reached, the copy kept on this device answers (marked `stored`, shown with its time). An
 * answer older than a state the stream already delivered does not replace it.
 */
async function fetchLive(client: QueryClient, signal: AbortSignal): Promise<LiveSnapshot> {
  let raw: unknown;
  try {
    raw = await apiFetch<unknown>('/api/live', { signal, cache: 'no-store' });
  } catch (error) {
    const kept = client.getQueryData<LiveSnapshot>(liveQueryKey) ?? (await readStored());
    if (kept && !signal.aborted) return { ...kept, stored: true };
    throw error;
  }
  const state = (await loadLiveParser())(raw);
  if (!state) throw new Error('The live state could not be read.');
  const current = client.getQueryData<LiveSnapshot>(liveQueryKey);
  const heardAt = new Date().toISOString();
  const snapshot: LiveSnapshot =
    current && !current.stored && updatedMs(current.state) > updatedMs(state) ? { state: current.state, heardAt } : { state, heardAt };
  save(snapshot);
  return snapshot;
}

/** Kept fresh by the stream; asked again when a view mounts after a while, and when the stream reconnects. */
export const liveQueryOptions = () =>
  queryOptions({
    queryKey: liveQueryKey,
    queryFn: ({ signal, client }) => fetchLive(client, signal),
    staleTime: 15_000,
  });

/** Asks for the cart's state before a page showing it first renders (a landing page's prefetchPageData); never rejects. */
export function prefetchLiveState(client: QueryClient): Promise<void> {
  return client.prefetchQuery(liveQueryOptions());
}
