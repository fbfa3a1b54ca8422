/** Public entry of the admin feature (the dashboard page is loaded lazily by the router, not from here). */
// The unread inbox count the app header shows an admin (a small file: the header is in the start-up chunk).
export { useInboxUnread } from './inbox/api/inbox-counts';
