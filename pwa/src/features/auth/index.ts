/** Public entry of the auth feature. */
export { useUser, userQueryOptions, displayName, fetchUser } from './api/user';
export { useLogout } from './api/logout';
// Form pieces the checkout and account forms reuse.
export { Field, describedBy } from './components/field';
export { PasswordInput } from './components/password-input';
