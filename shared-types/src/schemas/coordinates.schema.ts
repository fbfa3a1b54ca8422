import { z } from 'zod';

// In its own file, so a schema needing only these (the live state's, a push topic's, a stop's) builds no other.

/** A number of degrees from -limit to limit, the bounds' message naming the axis. */
const inDegrees = (number: z.ZodNumber, name: string, limit: number) => {
  const message = `${name} must be between -${limit} and ${limit}`;
  return number.min(-limit, message).max(limit, message);
};

/** A latitude in degrees, as a device or the map gives it. */
export const latitudeSchema = inDegrees(z.number({ message: 'Latitude must be a number' }), 'Latitude', 90);

/** A longitude in degrees, as a device or the map gives it. */
export const longitudeSchema = inDegrees(z.number({ message: 'Longitude must be a number' }), 'Longitude', 180);

/** A position a form may leave out: absent or null reads as null. */
const orNull = (degrees: z.ZodNumber) => degrees.nullish().transform((v) => v ?? null);

/** A form's latitude, null when not given. */
export const optionalLatitudeSchema = orNull(inDegrees(z.number(), 'Latitude', 90));

/** A form's longitude, null when not given. */
export const optionalLongitudeSchema = orNull(inDegrees(z.number(), 'Longitude', 180));

/** A place's address and position as the API answers them (a scheduled stop, where the cart is); each null while unknown. */
export const placePositionShape = {
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};
