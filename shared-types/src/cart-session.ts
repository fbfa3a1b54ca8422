/**
 * The cart's session id, apart from cart.ts (the stored cart's schema, and zod): a first
 * visit's cart is empty and gets its id without loading either.
 */
export const CART_SESSION_ID_LENGTH = 21;

const SESSION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 21 random URL-safe characters, from whatever crypto the platform has. */
export function newCartSessionId(fillRandom: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => globalThis.crypto.getRandomValues(b)): string {
  const bytes = new Uint8Array(CART_SESSION_ID_LENGTH);
  fillRandom(bytes);
  let id = '';
  for (const byte of bytes) id += SESSION_ALPHABET[byte & 63];
  return id;
}
