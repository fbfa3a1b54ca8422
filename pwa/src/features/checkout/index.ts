/** Public entry of the checkout feature (its pages are loaded lazily by the router, not from here). */
// The payment step, for a booking's deposit and balance (issue 14).
export { CardPayment } from './components/payment-step';
