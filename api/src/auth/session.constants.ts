/**
 * The session cookie and the table express-session keeps sessions in (connect-pg-simple), shared
 * by the app factory that mounts the session middleware and the auth module that reads and ends
 * sessions. A file of its own so neither imports the other.
 */
export const SESSION_COOKIE = 'cocoa.sid';
export const SESSION_TABLE = 'session';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
