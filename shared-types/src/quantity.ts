/**
 * Product page quantity input: starts at 1, never below 1; invalid or zero typed input
 * is ignored (the previous value stays); an empty input resets to 1. Apart from cart.ts (the stored
 * cart's schema, and zod): the product page's first screen uses only this.
 */
export function nextTypedQuantity(previous: number, typed: string): number {
  if (typed.trim() === '') return 1;
  const value = Number(typed);
  if (!Number.isInteger(value) || value < 1) return previous;
  return value;
}
