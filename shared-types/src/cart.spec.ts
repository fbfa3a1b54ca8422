import { cartItemCount, type CartLine, cartReducer, parseStoredCart } from './cart';
import { CART_SESSION_ID_LENGTH, newCartSessionId } from './cart-session';
import { nextTypedQuantity } from './quantity';

const cocoa = { id: 1, name: 'Classic Hot Cocoa', price: 12.99, slug: 'classic-hot-cocoa', imageUrl: null, variationId: 'V1', description: null };
const mint = { ...cocoa, id: 2, name: 'Mint', slug: 'mint' };

describe('cart reducer', () => {
  it('adds a new product with quantity 1 and raises an existing one by 1', () => {
    let lines: CartLine[] = [];
    lines = cartReducer(lines, { type: 'add', product: cocoa });
    expect(lines).toEqual([{ ...cocoa, quantity: 1 }]);
    lines = cartReducer(lines, { type: 'add', product: cocoa });
    lines = cartReducer(lines, { type: 'add', product: mint });
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(cartItemCount(lines)).toBe(3);
  });

  it('minus stops at 1, plus adds 1, remove and clear delete', () => {
    let lines = cartReducer([], { type: 'add', product: cocoa });
    lines = cartReducer(lines, { type: 'decrement', id: 1 });
    expect(lines[0].quantity).toBe(1);
    lines = cartReducer(lines, { type: 'increment', id: 1 });
    expect(lines[0].quantity).toBe(2);
    lines = cartReducer(lines, { type: 'add', product: mint });
    lines = cartReducer(lines, { type: 'remove', id: 1 });
    expect(lines.map((l) => l.id)).toEqual([2]);
    expect(cartReducer(lines, { type: 'clear' })).toEqual([]);
  });

  it('setting a quantity of zero or less removes the line', () => {
    const lines = cartReducer([], { type: 'add', product: cocoa });
    expect(cartReducer(lines, { type: 'setQuantity', id: 1, quantity: 5 })[0].quantity).toBe(5);
    expect(cartReducer(lines, { type: 'setQuantity', id: 1, quantity: 0 })).toEqual([]);
    expect(cartReducer(lines, { type: 'setQuantity', id: 1, quantity: -3 })).toEqual([]);
  });

  it('ignores a corrupt stored copy', () => {
    expect(parseStoredCart('garbage')).toBeNull();
    expect(parseStoredCart({ lines: [{ id: 'x' }], sessionId: 'a'.repeat(21) })).toBeNull();
    expect(parseStoredCart({ lines: [], sessionId: 'short' })).toBeNull();
    const good = { lines: [{ ...cocoa, quantity: 2 }], sessionId: 'b'.repeat(21) };
    expect(parseStoredCart(good)).toEqual(good);
  });

  it('makes 21-character URL-safe session ids that differ', () => {
    const a = newCartSessionId();
    const b = newCartSessionId();
    expect(a).toHaveLength(CART_SESSION_ID_LENGTH);
    expect(a).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(a).not.toBe(b);
  });

  it('product quantity input: empty resets to 1, invalid or zero is ignored', () => {
    expect(nextTypedQuantity(4, '')).toBe(1);
    expect(nextTypedQuantity(4, '0')).toBe(4);
    expect(nextTypedQuantity(4, '-2')).toBe(4);
    expect(nextTypedQuantity(4, '2.5')).toBe(4);
    expect(nextTypedQuantity(4, 'abc')).toBe(4);
    expect(nextTypedQuantity(4, '7')).toBe(7);
  });
});
