import { z } from 'zod';

// In its own file, so a schema needing only these (the live state's, a push topic's, a stop's) builds no other.

/** A latitude in degrees, as a device or the map gives it. */
export const latitudeSchema = z
  .number({ message: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');

/** A longitude in degrees, as a device or the map gives it. */
export const longitudeSchema = z
  .number({ message: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

/** A place's address and position as the API answers them (a scheduled stop, where the cart is); each null while unknown. */
export const placePositionShape = {
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};
