/** Everything of the Bookings tab: a change invalidates under this key. */
export const BOOKINGS_KEY = ['admin', 'bookings'] as const;
