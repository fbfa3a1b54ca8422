/** Where the query cache is kept between visits (app/query-client.ts's persister). */
export const PERSISTED_QUERIES_KEY = 'cocoa-query-cache';

/**
 * Forgets the kept copy at once. The persister writes at most once a second: after a logout, a
 * reload within that second would otherwise restore the signed-in user it last wrote. It writes the
 * cache again (without the user) on its next change.
 */
export function forgetPersistedQueries(): void {
  try {
    window.localStorage.removeItem(PERSISTED_QUERIES_KEY);
  } catch {
    // storage unavailable (private mode): nothing was kept
  }
}
