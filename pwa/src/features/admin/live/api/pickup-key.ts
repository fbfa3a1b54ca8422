/**
 * The root of the pickup queue's queries (one per day in the shop's zone). Not under 'admin': the
 * queue is kept on the device with the cart's day (docs/admin.md, "Before the signal drops"), as
 * far as the queue needs it (pickup-orders.ts).
 */
export const PICKUP_QUEUE_KEY = ['pickup-queue'] as const;
