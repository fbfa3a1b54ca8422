import { productCreateSchema, productUpdateSchema } from './schemas/catalogue.schema';
import { isInStock, isLowStock, onlyLeft, stockBadge } from './stock';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('stock rules', () => {
  it('a counted product with none left is out of stock whatever the switch says; an uncounted one follows the switch', () => {
    expect(isInStock({ inStock: true, stockCount: 0 })).toBe(false);
    expect(isInStock({ inStock: true, stockCount: 1 })).toBe(true);
    expect(isInStock({ inStock: true, stockCount: null })).toBe(true);
    expect(isInStock({ inStock: false, stockCount: 50 })).toBe(false);
    expect(isInStock({ inStock: false, stockCount: null })).toBe(false);
  });

  it('low at or below the threshold; without a threshold only at 0; never when not counted', () => {
    expect(isLowStock({ stockCount: 3, lowStockThreshold: 3 })).toBe(true);
    expect(isLowStock({ stockCount: 4, lowStockThreshold: 3 })).toBe(false);
    expect(isLowStock({ stockCount: 0, lowStockThreshold: null })).toBe(true);
    expect(isLowStock({ stockCount: 1, lowStockThreshold: null })).toBe(false);
    expect(isLowStock({ stockCount: null, lowStockThreshold: 10 })).toBe(false);
  });

  it('"Only N left" while on sale, low and above 0, never the count otherwise', () => {
    const onSale = { inStock: true };
    expect(onlyLeft({ ...onSale, stockCount: 2, lowStockThreshold: 5 })).toBe(2);
    expect(onlyLeft({ ...onSale, stockCount: 5, lowStockThreshold: 5 })).toBe(5);
    expect(onlyLeft({ ...onSale, stockCount: 6, lowStockThreshold: 5 })).toBeNull();
    expect(onlyLeft({ ...onSale, stockCount: 0, lowStockThreshold: 5 })).toBeNull();
    expect(onlyLeft({ ...onSale, stockCount: null, lowStockThreshold: 5 })).toBeNull();
    expect(onlyLeft({ inStock: false, stockCount: 2, lowStockThreshold: 5 })).toBeNull();
  });

  it('the admin badge: Out at 0, Low at or below the threshold, none otherwise', () => {
    expect(stockBadge({ stockCount: 0, lowStockThreshold: null })).toBe('Out');
    expect(stockBadge({ stockCount: 0, lowStockThreshold: 4 })).toBe('Out');
    expect(stockBadge({ stockCount: 4, lowStockThreshold: 4 })).toBe('Low');
    expect(stockBadge({ stockCount: 5, lowStockThreshold: 4 })).toBeNull();
    expect(stockBadge({ stockCount: null, lowStockThreshold: 4 })).toBeNull();
  });
});

describe('product stock fields', () => {
  const base = { name: 'Cocoa', price: 12 };

  it('blank means not counted; whole numbers 0 to 1,000,000 are kept', () => {
    expect(productCreateSchema.parse(base)).toMatchObject({ stockCount: null, lowStockThreshold: null });
    expect(productCreateSchema.parse({ ...base, stockCount: null, lowStockThreshold: undefined })).toMatchObject({ stockCount: null, lowStockThreshold: null });
    expect(productCreateSchema.parse({ ...base, stockCount: 0, lowStockThreshold: 1_000_000 })).toMatchObject({ stockCount: 0, lowStockThreshold: 1_000_000 });
  });

  it.each([
    [{ stockCount: -1 }, 'Stock count cannot be negative'],
    [{ stockCount: 2.5 }, 'Stock count must be a whole number'],
    [{ stockCount: Number.NaN }, 'Stock count must be a number'],
    [{ stockCount: '5' }, 'Stock count must be a number'],
    [{ stockCount: 1_000_001 }, 'Stock count must be at most 1,000,000'],
    [{ lowStockThreshold: -3 }, 'Low-stock threshold cannot be negative'],
    [{ lowStockThreshold: 0.5 }, 'Low-stock threshold must be a whole number'],
    [{ lowStockThreshold: Number.POSITIVE_INFINITY }, 'Low-stock threshold must be a number'],
  ])('%j is refused with "%s"', (fields, message) => {
    expect(firstMessage(productCreateSchema.safeParse({ ...base, ...fields }))).toBe(message);
    expect(firstMessage(productUpdateSchema.safeParse(fields))).toBe(message);
  });

  it('an update leaves out what it does not send, and null stops counting', () => {
    expect(productUpdateSchema.parse({ price: 3 })).toEqual({ price: 3 });
    expect(productUpdateSchema.parse({ stockCount: null })).toEqual({ stockCount: null });
    expect(productUpdateSchema.parse({ stockCount: 7, lowStockThreshold: 2 })).toEqual({ stockCount: 7, lowStockThreshold: 2 });
  });
});
