import type { LinkKind } from '../links/signed-links.service';

/**
 * The order link, `/orders/{id}?token=…`, opens the order without an account (the rule of every
 * link: links/signed-links.service.ts). It binds the whole order id: the 8-character number alone
 * is not unique among 100,000 orders. A customer with an account can always sign in instead.
 */
export const ORDER_LINKS: LinkKind<string> = {
  name: 'order',
  path: (orderId) => `/orders/${orderId}`,
  binds: (orderId) => orderId.toLowerCase(),
};
