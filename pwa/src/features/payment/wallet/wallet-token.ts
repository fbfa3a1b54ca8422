import { tokenOrThrow, type TokenResult } from '../card/card-token';

declare global {
  interface Window {
    /** Safari's Apple Pay (absent elsewhere). */
    ApplePaySession?: { canMakePayments(): boolean };
  }
}

/**
 * A wallet payment answers its token to the same place a card's goes; null when nothing is to be
 * paid this time (the buyer closed the wallet's sheet: no message).
 */
export type WalletTokenize = () => Promise<string | null>;

/** The wallet's TokenResult: the token, null when the buyer cancelled, else 'Card tokenization failed'. */
export function walletToken(result: TokenResult): string | null {
  if (result.status === 'Cancel' || result.status === 'Abort') return null;
  return tokenOrThrow(result);
}

/** Apple Pay is offered only where Safari's ApplePaySession exists and says this device can pay. */
export function applePayOffered(): boolean {
  try {
    return typeof window.ApplePaySession?.canMakePayments === 'function' && window.ApplePaySession.canMakePayments() === true;
  } catch {
    // canMakePayments throws on an insecure page: no Apple Pay there.
    return false;
  }
}

/** Cents as the wallets' payment request writes the total: '12.34'. */
export const walletAmount = (cents: number) => (cents / 100).toFixed(2);
