import { z } from 'zod';

/**
 * A discount code as typed: compared without regard to case, so stored and sent upper-cased. In a
 * file of its own so that the checkout's schema and the discounts' schemas both take it without a cycle.
 */

const DISCOUNT_CODE_MIN = 3;
const DISCOUNT_CODE_MAX = 32;
/** 3-32 letters, digits or dashes, upper-cased. */
export const discountCodeSchema = z
  .string({ message: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .regex(
    new RegExp(`^[A-Za-z0-9-]{${DISCOUNT_CODE_MIN},${DISCOUNT_CODE_MAX}}$`),
    `Code must be ${DISCOUNT_CODE_MIN} to ${DISCOUNT_CODE_MAX} letters, digits or dashes`,
  )
  .transform((v) => v.toUpperCase());
