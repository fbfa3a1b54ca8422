/**
 * Cart rules, used by the PWA store and checked by the API. The cart is held locally;
 * these are pure functions over its lines.
 */
import { z } from 'zod';
import { CART_SESSION_ID_LENGTH } from './cart-session';
import { orderLinesReducer } from './order-lines';

export const CART_AUTO_CLOSE_MS = 4000;

export const cartLineSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  price: z.number().nonnegative(),
  imageUrl: z.string().nullable().optional(),
  slug: z.string(),
  variationId: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  quantity: z.number().int().positive(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export type CartProduct = Omit<CartLine, 'quantity'>;

export const storedCartSchema = z.object({
  lines: z.array(cartLineSchema),
  sessionId: z.string().length(CART_SESSION_ID_LENGTH),
});
export type StoredCart = z.infer<typeof storedCartSchema>;

export type CartAction =
  | { type: 'add'; product: CartProduct }
  | { type: 'increment'; id: number }
  | { type: 'decrement'; id: number }
  | { type: 'setQuantity'; id: number; quantity: number }
  | { type: 'remove'; id: number }
  | { type: 'clear' };

/** The shared line arithmetic (order-lines.ts), the cart's `add` naming a product. */
export function cartReducer(lines: readonly CartLine[], action: CartAction): CartLine[] {
  return orderLinesReducer(lines, action.type === 'add' ? { type: 'add', line: action.product } : action);
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A stored copy that does not match the schema is ignored rather than trusted. */
export function parseStoredCart(value: unknown): StoredCart | null {
  const parsed = storedCartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
