import { useEffect, useRef, useState } from 'react';
import type { WebPaymentsConfig } from '@cocoa/shared-types';
import { loadSquareSdk, type SquareApplePay, type SquareCashAppPay } from '../card/square-sdk';
import { newIdempotencyKey } from '../card/idempotency-key';
import { applePayOffered, walletAmount, walletToken, type WalletTokenize } from './wallet-token';

/** The shop sells in US dollars from the US (Square's location). */
const COUNTRY = 'US';
const CURRENCY = 'USD';

interface SquareWalletsProps {
  config: WebPaymentsConfig;
  amountCents: number;
  disabled: boolean;
  /** Pays with the wallet's token, as the Pay button does with the card's. */
  pay: (tokenize: WalletTokenize) => void;
}

/**
 * Apple Pay, Google Pay and Cash App Pay beside Square's card form (docs/decisions.md "Wallets"),
 * each only where the device offers it: Apple Pay where Safari's ApplePaySession says it can pay,
 * Google Pay and Cash App Pay where Square's SDK attaches their buttons (attach throws elsewhere,
 * and the button stays hidden). A wallet that fails to set up never stops the card form.
 */
export function SquareWallets({ config, amountCents, disabled, pay }: SquareWalletsProps) {
  const googleRef = useRef<HTMLDivElement>(null);
  const cashAppRef = useRef<HTMLDivElement>(null);
  const [applePay, setApplePay] = useState<SquareApplePay | null>(null);
  const [googlePay, setGooglePay] = useState(false);
  const [cashApp, setCashApp] = useState(false);
  // The latest pay and disabled, for the wallets' own buttons attached once.
  const payRef = useRef(pay);
  const disabledRef = useRef(disabled);
  useEffect(() => {
    payRef.current = pay;
    disabledRef.current = disabled;
  }, [pay, disabled]);

  useEffect(() => {
    let cancelled = false;
    const attached: Array<{ destroy?(): Promise<boolean | void> }> = [];
    const listeners: Array<() => void> = [];
    // Every wallet set up is destroyed with the effect, even one that finished setting up after it ended.
    const hold = <T extends { destroy?(): Promise<boolean | void> }>(method: T) => {
      if (cancelled) void method.destroy?.();
      else attached.push(method);
      return method;
    };
    (async () => {
      if (!config.applicationId || !config.locationId) return;
      const square = await loadSquareSdk(config.environment);
      const payments = await square.payments(config.applicationId, config.locationId);
      const request = () => {
        // A stand-in for Square's SDK (tests) may have no wallets: each button stays hidden.
        if (!payments.paymentRequest) throw new Error('no wallets in this SDK');
        return payments.paymentRequest({ countryCode: COUNTRY, currencyCode: CURRENCY, total: { amount: walletAmount(amountCents), label: 'Total' } });
      };
      const setUp = async (step: () => Promise<void>) => {
        if (cancelled) return;
        try {
          await step();
        } catch {
          // Not offered on this device (or not set up for this shop): its button stays hidden.
        }
      };
      await setUp(async () => {
        if (!applePayOffered()) return;
        if (!payments.applePay) return;
        const method = hold(await payments.applePay(request()));
        if (!cancelled) setApplePay(method);
      });
      await setUp(async () => {
        const target = googleRef.current;
        if (!target) return;
        if (!payments.googlePay) return;
        const method = hold(await payments.googlePay(request()));
        await method.attach(target, { buttonColor: 'black', buttonSizeMode: 'fill', buttonType: 'long' });
        // Google's button is drawn inside the target; its click (or Enter, Space) opens the wallet's sheet.
        const onClick = () => {
          if (!disabledRef.current) payRef.current(async () => walletToken(await method.tokenize()));
        };
        target.addEventListener('click', onClick);
        listeners.push(() => target.removeEventListener('click', onClick));
        if (!cancelled) setGooglePay(true);
      });
      await setUp(async () => {
        if (!cashAppRef.current) return;
        if (!payments.cashAppPay) return;
        const method: SquareCashAppPay = hold(await payments.cashAppPay(request(), { redirectURL: window.location.href, referenceId: newIdempotencyKey() }));
        method.addEventListener('ontokenization', (event) => {
          const { tokenResult } = event.detail;
          if (!tokenResult || disabledRef.current) return;
          payRef.current(() => Promise.resolve(walletToken(tokenResult)));
        });
        await method.attach(cashAppRef.current, { shape: 'semiround', width: 'full' });
        if (!cancelled) setCashApp(true);
      });
    })().catch(() => {
      // Square's SDK itself failed: the card form says so; no wallet is shown.
    });
    return () => {
      cancelled = true;
      for (const method of attached) void method.destroy?.();
      for (const remove of listeners) remove();
    };
  }, [config, amountCents]);

  const offered = applePay !== null || googlePay || cashApp;
  // The wallets' containers stay displayed (empty, no space) while their buttons attach: Google's and
  // Cash App's size themselves to them. A group is named only once it holds a button.
  const named = (label: string, shown: boolean) => (shown ? { role: 'group', 'aria-label': label } : {});
  return (
    <div className="wallets" {...named('Pay with a wallet', offered)}>
      {applePay && (
        <button
          type="button"
          className="wallet-button wallet-button--apple-pay"
          aria-label="Pay with Apple Pay"
          disabled={disabled}
          onClick={() => pay(async () => walletToken(await applePay.tokenize()))}
        />
      )}
      <div ref={googleRef} className="wallet-button wallet-button--google-pay" {...named('Pay with Google Pay', googlePay)} />
      <div ref={cashAppRef} className="wallet-button wallet-button--cash-app" {...named('Pay with Cash App Pay', cashApp)} />
    </div>
  );
}
