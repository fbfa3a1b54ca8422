import type { Product } from '@cocoa/shared-types';
import { useCartStore } from './cart-store';
import { useCartDrawer } from './cart-drawer-store';
import { toCartProduct } from './use-cart';

/** Product page and card: the product is added once per unit of quantity, then the drawer opens. */
export function addToCart(product: Product, quantity = 1) {
  const { dispatch } = useCartStore.getState();
  const line = toCartProduct(product);
  for (let i = 0; i < quantity; i++) dispatch({ type: 'add', product: line });
  useCartDrawer.getState().open({ autoClose: true });
}
