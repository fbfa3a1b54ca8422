import { Foundation1763800000000 } from './1763800000000-foundation';
import { Orders1763900000000 } from './1763900000000-orders';
import { EventsCalendars1764100000000 } from './1764100000000-events-calendars';
import { LargeDataIndexes1764500000000 } from './1764500000000-large-data-indexes';

/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [Foundation1763800000000, Orders1763900000000, EventsCalendars1764100000000, LargeDataIndexes1764500000000];
