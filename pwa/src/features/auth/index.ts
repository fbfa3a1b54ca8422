/** Public entry of the auth feature. */
export { useUser, userQueryOptions, displayName, fetchUser } from './api/user';
export { useLogout } from './api/logout';
