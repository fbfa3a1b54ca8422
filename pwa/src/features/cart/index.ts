/** Public entry of the cart feature (pages are loaded lazily by the router, not from here). */
export { useCartStore } from './cart-store';
export { useCartDrawer } from './cart-drawer-store';
export { useCart, useCartCount } from './use-cart';
export { useMoneySettings } from './api/money-settings';
export { addToCart } from './add-to-cart';
export { CartDrawer } from './components/cart-drawer';
// A line's − and +, for the stop's order-ahead menu (its own lines, apart from this cart).
export { LineQuantity } from './components/line-quantity';
