/** Public entry of the auth feature. */
export { useUser, displayName } from './api/user';
export { useLogout } from './api/logout';
// The password input with its show/hide toggle, reused by the account's password form.
export { PasswordInput } from './components/password-input';
// A fresh check (the step-up dialog) before an action the browser makes itself, such as the backup download.
export { freshCheckFirst } from './api/step-up';
