/** Public entry of the orders feature (its pages are loaded lazily by the router, not from here). */
// One order, for the checkout's confirmation page.
export { useOrder } from './api/order';
// Its sums and address, for the same.
export { OrderAddress } from './components/order-address';
export { OrderSums } from './components/order-sums';
