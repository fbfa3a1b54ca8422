/** Public entry of the bookings feature (the status page is loaded lazily by the router, not from here). */
// "Book an event" on the events page.
export { BookingSection } from './components/booking-section';
// "Your bookings" on the account page.
export { MyBookings } from './components/my-bookings';
// The customers' package list, which the admin refreshes after changing a package.
export { bookingPackagesQueryOptions } from './api/packages';
// The events page starts the booking form's calls as a visitor lands on it.
export { availabilityQueryOptions } from './api/availability';
// A booking's state as a pill, which the admin shows too.
export { BookingStateBadge } from './components/booking-state-badge';
