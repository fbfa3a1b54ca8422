/**
 * A large library few requests need, loaded when first asked for instead of at start: `load` runs
 * once, on the first call, and every call answers what it gave. A process that never needs the
 * library (a shop in test mode, a test app) never spends the second or so it takes to load.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
