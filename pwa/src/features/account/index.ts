/** Public entry of the account feature (pages are loaded lazily by the router, not from here). */
export { useCustomerProfile } from './api/customer-profile';
