import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets are the same text, in constant time for texts of one length. Tokens are
 * compared as text, never decoded first: a base64url signature's last character has unused bits,
 * so decoding would let several spellings of one token through.
 */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
