import { TEST_WALLET_NONCE } from '@cocoa/shared-types';
import type { WalletTokenize } from './wallet-token';

/**
 * Test mode's stand-in for Apple Pay, Google Pay and Cash App Pay: one button that pays with the
 * test wallet's fixed token, no card fields (docs/decisions.md "Wallets"). Nothing is charged.
 */
export function TestWalletButton({ disabled, pay }: { disabled: boolean; pay: (tokenize: WalletTokenize) => void }) {
  return (
    <div className="wallets" role="group" aria-label="Pay with a wallet">
      <button
        type="button"
        className="btn btn--outline wallet-button wallet-button--test"
        disabled={disabled}
        onClick={() => pay(() => Promise.resolve(TEST_WALLET_NONCE))}
      >
        Pay with test wallet
      </button>
    </div>
  );
}
