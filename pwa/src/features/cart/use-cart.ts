import { useMemo } from 'react';
import { type CartProduct, type Product, resolveImageUrl, subtotalCents } from '@cocoa/shared-types';
import { useCartStore } from './cart-store';

export function useCart() {
  const lines = useCartStore((s) => s.lines);
  const hydrated = useCartStore((s) => s.hydrated);
  const dispatch = useCartStore((s) => s.dispatch);
  const count = useCartStore((s) => s.count);
  const totals = useMemo(() => ({ subtotal: subtotalCents(lines) }), [lines]);
  return { lines, hydrated, dispatch, totals, count };
}

export function useCartCount() {
  return useCartStore((s) => s.count);
}

export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    // The responsive reference when there is one: the cart's thumbnails then load a 160 w copy.
    imageUrl: resolveImageUrl(product.imageUrl, product.imageRefs),
    slug: product.slug,
    variationId: product.variationId,
    description: product.description,
  };
}
