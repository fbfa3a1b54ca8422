import { Foundation1763800000000 } from './1763800000000-foundation';
import { Orders1763900000000 } from './1763900000000-orders';

/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [Foundation1763800000000, Orders1763900000000];
