import { z } from 'zod';

// In its own file, so the admin's order schemas and the customer's share it without loading each other.

/** A parcel's shipment: the carrier and tracking once shipped, and when it left and arrived (ISO instants); each null until known. */
export const shipmentSchema = z.object({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
