/** The root of every admin order query: the list's pages and each order's detail. */
export const ORDERS_KEY = ['admin', 'orders'] as const;
