import { useCallback, useRef, useState, type FormEvent } from 'react';
import { formatCents, PAYMENTS_NOT_SET_UP_MESSAGE } from '@cocoa/shared-types';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { Spinner } from '../../../ui/skeleton';
import { errorToast } from '../../../ui/toast-store';
import { useWebPaymentsConfig } from '../api/web-payments-config';
import type { CardMethod } from '../card/card-method';
import { newIdempotencyKey } from '../card/idempotency-key';
import { SquareCardForm } from '../card/square-card-form';
import { TestCardForm } from '../card/test-card-form';
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
 * The payment step, used by the checkout and by a booking's deposit and balance: the card
 * form loads (Square's when connected, the test card otherwise), is ready once attached, processes
 * while paying, then succeeds (the page moves on) or fails (message shown, retry allowed). Cancel
 * is disabled while processing. One idempotency key per attempt, kept across a double click (and
 * across a lost answer, so a retry cannot charge twice); a refusal from the server starts a new attempt.
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

  const pay = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current || !method) return;
    busy.current = true;
    setProcessing(true);
    setFailure(null);
    try {
      const sourceId = await method.tokenize();
      if (sourceId === null) return; // the card form shows what is missing
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

  // Never a remembered answer: the card form follows the config this visit fetched.
  const configFresh = config.isSuccess && !config.isFetching;
  // Production mode without Square (and test payments off): no card form, no payment.
  const unavailable = configFresh && config.data.paymentsAvailable === false;
  const loading = config.isPending || config.isFetching || (config.isSuccess && !method && !setupFailed && !unavailable);
  return (
    <form className="form payment-step" noValidate aria-label="Payment" aria-busy={processing} onSubmit={(event) => void pay(event)}>
      {config.isError ? (
        <div className="notice" role="alert">
          <strong>Payment Error</strong>
          <p>Failed to initialize payment system</p>
          <button type="button" className="btn btn--outline" onClick={() => void config.refetch()}>
            Try Again
          </button>
        </div>
      ) : unavailable ? (
        <div className="notice" role="alert">
          <strong>Payments unavailable</strong>
          <p>{PAYMENTS_NOT_SET_UP_MESSAGE}</p>
        </div>
      ) : (
        configFresh &&
        (config.data.testMode ? (
          <TestCardForm onReady={onReady} disabled={processing} />
        ) : (
          <SquareCardForm config={config.data} onReady={onReady} onFailure={onSetupFailure} />
        ))
      )}
      {loading && !config.isError && <Spinner label="Loading payment form..." />}
      {loading && !config.isError && (
        <p className="center muted" aria-hidden="true">
          Loading payment form...
        </p>
      )}
      {failure && (
        <p className="payment-step__failure" role="alert">
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
