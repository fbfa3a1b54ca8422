/** Public entry of the order-ahead feature (its page, /stops/{id}, is loaded lazily by the router). */
// The link to a stop's order page, for the lists of stops (tracker, events).
export { OrderAheadLink } from './components/order-ahead-link';
