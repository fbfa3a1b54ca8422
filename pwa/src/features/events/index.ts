/** Public entry of the events feature. */
export { useEvents, eventsQueryOptions } from './api/events';
