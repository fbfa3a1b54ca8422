/** Calendar and provider status are polled every 30 s. */
export const STATUS_POLL_MS = 30_000;
