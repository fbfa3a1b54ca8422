import { useCallback, useRef, useState, type FormEvent } from 'react';
import { formatCents, PAYMENTS_NOT_SET_UP_MESSAGE } from '@cocoa/shared-types';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { Spinner } from '../../../ui/skeleton';
import { errorToast } from '../../../ui/toast-store';
import { RetryNotice } from '../../../ui/load-problem';
import { useWebPaymentsConfig } from '../api/web-payments-config';
import type { CardMethod } from '../card/card-method';
import { newIdempotencyKey } from '../card/idempotency-key';
import { SquareCardForm } from '../card/square-card-form';
import { TestCardForm } from '../card/test-card-form';
import { SquareWallets } from '../wallet/square-wallets';
import { TestWalletButton } from '../wallet/test-wallet-button';
import type { WalletTokenize } from '../wallet/wallet-token';
import '../payment.css';

/** One payment attempt: the card form's token and the attempt's idempotency key. */
export interface CardPaymentAttempt {
  sourceId: string;
  idempotencyKey: string;
}

export interface CardPaymentProps<T> {
  /** What the Pay button says is charged; the server computes the amount itself. */
  amountCents: number;
  /** Sends one attempt to the server; throws to fail it (an ApiError: the server answered). */
  submit: (attempt: CardPaymentAttempt) => Promise<T>;
  onSuccess: (result: T) => void;
  onCancel: () => void;
}

/**
 * The payment step, used by the checkout, a pickup order and a booking's deposit and balance: the
 * wallets the device offers (Apple Pay, Google Pay, Cash App Pay; test mode's test wallet) beside
 * the card form. The card form loads (Square's when connected, the test card otherwise), is ready
 * once attached, processes while paying, then succeeds (the page moves on) or fails (message
 * shown, retry allowed). Cancel is disabled while processing. One idempotency key per attempt,
 * kept across a double click (and across a lost answer, so a retry cannot charge twice); a refusal
 * from the server starts a new attempt.
 */
export function CardPayment<T>({ amountCents, submit, onSuccess, onCancel }: CardPaymentProps<T>) {
  const config = useWebPaymentsConfig();
  const [method, setMethod] = useState<CardMethod | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const idempotencyKey = useRef<string>(newIdempotencyKey());
  const [setupFailed, setSetupFailed] = useState(false);
  const onReady = useCallback((ready: CardMethod) => setMethod(() => ready), []);
  const onSetupFailure = useCallback(() => setSetupFailed(true), []);

  /** One attempt with the card's token or a wallet's (docs/decisions.md "Wallets"): same endpoint, same key rules. */
  const attempt = async (tokenize: WalletTokenize) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setFailure(null);
    try {
      const sourceId = await tokenize();
      if (sourceId === null) return; // the card form shows what is missing; a wallet's sheet was closed
      onSuccess(await submit({ sourceId, idempotencyKey: idempotencyKey.current }));
    } catch (error) {
      // The server answered: that attempt is over. Without an answer the key stays for the retry.
      if (error instanceof ApiError) idempotencyKey.current = newIdempotencyKey();
      setFailure(messageOf(error, 'Payment failed'));
      errorToast('Payment Failed', messageOf(error, 'Unable to process payment'));
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  };
  const pay = (event?: FormEvent) => {
    event?.preventDefault();
    if (method) void attempt(() => method.tokenize());
  };
  const payWithWallet = (tokenize: WalletTokenize) => void attempt(tokenize);

  // Never a remembered answer: the card form follows the config this visit fetched.
  const configFresh = config.isSuccess && !config.isFetching;
  // Production mode without Square (and test payments off): no card form, no payment.
  const unavailable = configFresh && config.data.paymentsAvailable === false;
  const loading = config.isPending || config.isFetching || (config.isSuccess && !method && !setupFailed && !unavailable);
  return (
    <form className="form payment-step" noValidate aria-label="Payment" aria-busy={processing} onSubmit={pay}>
      {config.isError ? (
        <RetryNotice title="Payment Error" message={'Failed to initialize payment system'} onRetry={() => void config.refetch()} />
      ) : unavailable ? (
        <div className="notice" role="alert">
          <strong>Payments unavailable</strong>
          <p>{PAYMENTS_NOT_SET_UP_MESSAGE}</p>
        </div>
      ) : (
        configFresh &&
        (config.data.testMode ? (
          <>
            <TestWalletButton disabled={processing} pay={payWithWallet} />
            <TestCardForm onReady={onReady} disabled={processing} />
          </>
        ) : (
          <>
            <SquareWallets config={config.data} amountCents={amountCents} disabled={processing} pay={payWithWallet} />
            <SquareCardForm config={config.data} onReady={onReady} onFailure={onSetupFailure} />
          </>
        ))
      )}
      {loading && !config.isError && <Spinner label="Loading payment form..." />}
      {loading && !config.isError && (
        <p className="center muted" aria-hidden="true">
          Loading payment form...
        </p>
      )}
      {failure && (
        <p className="form-problem" role="alert">
          {failure}
        </p>
      )}
      <div className="payment-step__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={processing}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary btn--large" disabled={processing || !method}>
          {processing ? 'Processing...' : `Pay ${formatCents(amountCents)}`}
        </button>
      </div>
    </form>
  );
}
