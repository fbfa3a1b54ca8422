/** Public entry of the tracker feature (the page is loaded lazily by the router, not from here). */
// The month calendar, for the booking form's date picker (issue 14).
export { MonthCalendar } from './components/month-calendar';
