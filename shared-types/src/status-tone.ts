/**
 * How a state stands, which colours its pill: waiting on someone, under way, gone well, stopped.
 * A state with no tone shows plain.
 */
export type StatusTone = 'waiting' | 'moving' | 'done' | 'stopped';
