/** Public entry of the account feature (pages are loaded lazily by the router, not from here). */
export { customerProfileQueryOptions, useCustomerProfile } from './api/customer-profile';
