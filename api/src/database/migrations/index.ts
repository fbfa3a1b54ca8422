import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [Foundation1763800000000];
