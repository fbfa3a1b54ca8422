/**
 * Cart rules, used by the PWA store and checked by the API. The cart is held locally;
 * these are pure functions over its lines.
 */
import { z } from 'zod';
import { CART_SESSION_ID_LENGTH } from './cart-session';

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

/** Adding a product already in the cart raises its quantity by one, otherwise adds it with 1. */
export function cartReducer(lines: readonly CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const existing = lines.find((line) => line.id === action.product.id);
      if (existing) {
        return lines.map((line) => (line.id === action.product.id ? { ...line, quantity: line.quantity + 1 } : line));
      }
      return [...lines, { ...action.product, quantity: 1 }];
    }
    case 'increment':
      return lines.map((line) => (line.id === action.id ? { ...line, quantity: line.quantity + 1 } : line));
    case 'decrement':
      // Minus stops at 1; removing is a separate, explicit action.
      return lines.map((line) => (line.id === action.id && line.quantity > 1 ? { ...line, quantity: line.quantity - 1 } : line));
    case 'setQuantity': {
      const quantity = Math.floor(action.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((line) => line.id !== action.id);
      return lines.map((line) => (line.id === action.id ? { ...line, quantity } : line));
    }
    case 'remove':
      return lines.filter((line) => line.id !== action.id);
    case 'clear':
      return [];
  }
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A stored copy that does not match the schema is ignored rather than trusted. */
export function parseStoredCart(value: unknown): StoredCart | null {
  const parsed = storedCartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
