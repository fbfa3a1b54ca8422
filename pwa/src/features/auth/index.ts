/** Public entry of the auth feature. */
export { useUser, displayName } from './api/user';
export { useLogout } from './api/logout';
// The password input with its show/hide toggle, and a new password's pair of fields, reused by the account's password form.
export { PasswordInput } from './components/password-input';
export { NewPasswordFields } from './components/new-password-fields';
// A fresh check (the step-up dialog) before an action the browser makes itself, such as the backup download.
export { freshCheckFirst } from './api/step-up';
// The access of a page an e-mailed link opens (an order, a booking), and what its failed load shows.
export { LinkPage, LinkPageLoading, LinkProblem, useLinkAccess } from './components/link-access';
