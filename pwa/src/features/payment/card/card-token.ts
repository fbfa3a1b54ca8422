import { cardSchema, TEST_CARDS, type CardInput } from '@cocoa/shared-types';

/** What a card form's tokenize() answers, shaped like Square's Web Payments TokenResult. */
export interface TokenResult {
  status: string;
  token?: string;
  errors?: unknown[];
}

export const TOKENIZATION_FAILED = 'Card tokenization failed';

/** The token must come back with status OK, otherwise 'Card tokenization failed'. */
export function tokenOrThrow(result: TokenResult): string {
  if (result.status !== 'OK' || !result.token) throw new Error(TOKENIZATION_FAILED);
  return result.token;
}

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The built-in test-mode card form's tokenizer: Square's published sandbox card numbers give
 * Square's sandbox tokens (4111 1111 1111 1111 → ok, 4000 0000 0000 0002 → declined); anything
 * else, or a card that fails the card schema, does not tokenize.
 */
export function tokenizeTestCard(card: CardInput): TokenResult {
  if (!cardSchema.safeParse(card).success) return { status: 'Invalid', errors: ['Card details are incomplete or the card has expired'] };
  const digits = cardDigits(card.cardNumber);
  const match = TEST_CARDS.find((test) => test.number === digits);
  return match ? { status: 'OK', token: match.nonce } : { status: 'Invalid', errors: ['Unknown test card'] };
}

/** Formats typed digits as groups of four (display only; the digits are what count). */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MMYY' typed → 'MM/YY'. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
