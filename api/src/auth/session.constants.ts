/**
 * The session cookie and the table express-session keeps sessions in (connect-pg-simple), shared
 * by the app factory that mounts the session middleware and the auth module that reads and ends
 * sessions. A file of its own so neither imports the other.
 */
export const SESSION_COOKIE = 'cocoa.sid';
export const SESSION_TABLE = 'session';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The cookie's name: over https `__Host-cocoa.sid`, a name browsers accept only from a secure page
 * with `Secure`, `Path=/` and no `Domain`, so no other host or plain-http page of the domain can set
 * or shadow it; over http (local, tests) plain `cocoa.sid`, as browsers refuse the prefix there.
 */
export const sessionCookieName = (config: { secureCookies: boolean }) => (config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
