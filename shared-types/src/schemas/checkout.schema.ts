import { z } from 'zod';
import { COUNTRY_CODES } from '../constants';

/** Shipping form (SPEC §5) with its exact messages. */
export const shippingSchema = z.strictObject({
  firstName: z.string().trim().min(2, 'First name is required').max(100),
  lastName: z.string().trim().min(2, 'Last name is required').max(100),
  email: z.string().trim().max(254).email('Invalid email address'),
  phone: z.string().trim().min(10, 'Valid phone number is required').max(30),
  address: z.string().trim().min(5, 'Address is required').max(200),
  city: z.string().trim().min(2, 'City is required').max(100),
  state: z.string().trim().min(2, 'State is required').max(50),
  zipCode: z.string().trim().min(5, 'ZIP code is required').max(20),
  country: z.enum(COUNTRY_CODES, { message: 'Country is required' }),
});
export type ShippingData = z.infer<typeof shippingSchema>;

/** Card form (SPEC §5), used by the built-in test-mode card form. */
export const cardSchema = z.object({
  cardHolder: z.string().trim().min(2, 'Card holder is required'),
  cardNumber: z.string().trim().min(16, 'Card number must be 16 digits'),
  cardExpiry: z.string().trim().min(5, 'Expiry must be MM/YY'),
  cardCvc: z.string().trim().min(3, 'CVC must be 3 digits'),
});
export type CardInput = z.infer<typeof cardSchema>;
