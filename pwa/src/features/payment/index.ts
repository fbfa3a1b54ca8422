/** Public entry of the payment feature: the card payment, for the checkout and a booking's deposit and balance. */
export { CardPayment, type CardPaymentAttempt } from './components/card-payment';
