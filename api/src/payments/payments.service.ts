import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Square } from 'square';
import { PAYMENTS_NOT_SET_UP_MESSAGE, TEST_CARD_NONCE_OK, TEST_CARDS, TEST_WALLET_NONCE } from '@cocoa/shared-types';
import { DomainError, PaymentError, UnavailableError, UserInputError } from '../common/domain-errors';
import { errorText, log } from '../common/logger';
import {
  PaymentOutcomeUnknownError,
  RefundOutcomeUnknownError,
  type SquareChargeInput,
  type SquareConnection,
  SquareGateway,
  type SquarePaymentFacts,
  type SquareRefundInput,
  type SquareRefundResult,
} from '../square/square.gateway';
import type { ChargeOwner, PaymentKind, SquarePaymentEvent, SquareRefundEvent, StaleCharge } from './payments.types';

/** How a card payment is taken now: through Square, or the built-in test card (nothing charged). */
type ChargeMode = { kind: 'square'; connection: SquareConnection } | { kind: 'test' };

/** What Square made of a refund asked of it (PaymentsService.refund). */
type RefundAnswer =
  /** Square made the refund: PENDING (on its way) or COMPLETED. */
  | { outcome: 'made'; refund: SquareRefundResult }
  /** Square answered with a refund it REJECTED or FAILED: nothing was given back. */
  | { outcome: 'refused'; refund: SquareRefundResult }
  /** Square refused the request itself (its detail in the error): nothing was given back. */
  | { outcome: 'error'; error: DomainError }
  /** No answer: the refund may or may not have been made; asked again under the same key, Square never refunds twice. */
  | { outcome: 'unknown'; error: DomainError };

/**
 * The card payments of every kind that takes them (shipping orders, a booking's deposit and
 * balance, ...): the mechanics they share, while each kind keeps its own records and moves.
 *
 * - Which way a payment is taken: Square when connected; the sandbox test cards while test
 *   payments are accepted; else none ("Payments are not set up yet").
 * - A charge holds no database connection while Square answers: the kind commits its pending
 *   record first, `charge` asks Square (or the test card decides), then the kind settles it (paid,
 *   or failed: removed, nothing charged). No answer to the charge leaves it pending for the
 *   reconciler or Square's webhook.
 * - Refunds go through Square's Refunds API under the kind's idempotency key (`refund`); a
 *   test-mode payment's refund is recorded by its kind, with no call.
 * - Square's webhooks and the payment reconciler settle what a customer's answer never recorded:
 *   the notification goes to each declared kind until one owns it (`squarePayment`,
 *   `squareRefund`), and a stale pending charge of any kind is settled from the payment Square has
 *   under its reference id (`reconcileCharge`, run by PaymentReconciler).
 */
@Injectable()
export class PaymentsService {
  private readonly kinds: PaymentKind[] = [];

  constructor(private readonly square: SquareGateway) {}

  /** Declares a kind (each marked provider at start; a spec may add its own), so Square's notifications and the reconciler reach it. */
  register(kind: PaymentKind): void {
    this.kinds.push(kind);
  }

  /** The kinds declared so far, in the order they declared themselves. */
  declared(): readonly PaymentKind[] {
    return this.kinds;
  }

  /**
   * How this payment (a card's or a wallet's token) is taken: 503 PAYMENTS_NOT_SET_UP when payments
   * are not set up, 400 TEST_MODE_CARD_ONLY for anything but a sandbox test card or the test wallet
   * in test mode.
   */
  async modeFor(sourceId: string): Promise<ChargeMode> {
    const payments = await this.square.paymentMode();
    if (payments.kind === 'unavailable') throw new UnavailableError(PAYMENTS_NOT_SET_UP_MESSAGE, 'PAYMENTS_NOT_SET_UP');
    if (payments.kind === 'square') return payments;
    if (sourceId !== TEST_WALLET_NONCE && !TEST_CARDS.some((card) => card.nonce === sourceId)) {
      throw new UserInputError('Test mode accepts only the test cards 4111 1111 1111 1111 and 4000 0000 0000 0002, or the test wallet', 'TEST_MODE_CARD_ONLY');
    }
    return { kind: 'test' };
  }

  /**
   * Steps 2 and 3 of a charge its owner committed pending: Square's two calls (createOrder, then
   * pay) with no connection held, or, with no connection, the test card (Square's sandbox tokens
   * decide; the test wallet pays like the successful card; nothing is charged). An error before
   * the charge, or Square's (or the test card's) refusal, fails it through its owner and is
   * thrown; no answer to the charge leaves it pending
   * and is thrown. A charge that went through is answered even if recording it fails (the
   * database went away meanwhile): it stays pending, and the reconciler or the webhook settles it.
   */
  async charge(via: SquareConnection | null, input: SquareChargeInput, owner: ChargeOwner): Promise<SquarePaymentFacts> {
    const payment = via ? await this.chargeSquare(via, input, owner) : await this.chargeTestCard(input.sourceId, owner);
    try {
      await owner.paid(payment);
    } catch (err) {
      log('error', 'could not record a payment that went through; the reconciler will', { ...owner.ref, error: String(err) });
    }
    return payment;
  }

  private async chargeSquare(connection: SquareConnection, input: SquareChargeInput, owner: ChargeOwner): Promise<SquarePaymentFacts> {
    try {
      const prepared = await this.square.createOrder(connection, input);
      const result = await this.square.pay(connection, prepared, input);
      return { paymentId: result.paymentId, status: result.paymentStatus, squareOrderId: result.squareOrderId, squareCustomerId: result.squareCustomerId };
    } catch (err) {
      if (err instanceof PaymentOutcomeUnknownError || !(err instanceof DomainError)) {
        log('warn', 'square charge without an answer: it stays pending for the reconciler', {
          ...owner.ref,
          error: errorText(err),
        });
      } else await this.failQuietly(owner, err);
      throw err;
    }
  }

  private async chargeTestCard(sourceId: string, owner: ChargeOwner): Promise<SquarePaymentFacts> {
    if (sourceId !== TEST_CARD_NONCE_OK && sourceId !== TEST_WALLET_NONCE) {
      const declined = new PaymentError('Card declined', 'CARD_DECLINED');
      await this.failQuietly(owner, declined);
      throw declined;
    }
    return { paymentId: `test_${randomBytes(12).toString('hex')}`, status: 'COMPLETED', squareOrderId: null, squareCustomerId: null };
  }

  /** The pending record of a charge that failed goes; if that fails too, the reconciler removes it. */
  private async failQuietly(owner: ChargeOwner, err: DomainError): Promise<void> {
    try {
      await owner.failed(err);
    } catch (cleanup) {
      log('error', 'could not remove the pending record of a failed payment; the reconciler will', { ...owner.ref, error: String(cleanup) });
    }
  }

  /** The Square connection a refund is asked through, or null when Square is not connected. */
  connection(): Promise<SquareConnection | null> {
    return this.square.connection();
  }

  /**
   * Asks Square to refund (RefundPayment) under the kind's idempotency key, with no connection
   * held, and says what Square made of it; never throws. The same key again answers the same
   * refund, never a second one.
   */
  async refund(connection: SquareConnection, input: SquareRefundInput, ref: Record<string, unknown>): Promise<RefundAnswer> {
    let refund: SquareRefundResult;
    try {
      refund = await this.square.refund(connection, input);
    } catch (err) {
      if (err instanceof RefundOutcomeUnknownError || !(err instanceof DomainError)) {
        log('warn', 'square refund without an answer: it stays pending until asked again', { ...ref, error: errorText(err) });
        return { outcome: 'unknown', error: err instanceof DomainError ? err : new RefundOutcomeUnknownError() };
      }
      return { outcome: 'error', error: err };
    }
    return refund.status === 'PENDING' || refund.status === 'COMPLETED' ? { outcome: 'made', refund } : { outcome: 'refused', refund };
  }

  /**
   * Moves a pickup order's fulfilment at Square (the cart's Point of Sale shows it); what happened,
   * or a thrown error (the caller's job tries again).
   */
  setPickupState(connection: SquareConnection, squareOrderId: string, state: Square.FulfillmentState): Promise<'updated' | 'unchanged' | 'closed'> {
    return this.square.setPickupState(connection, squareOrderId, state);
  }

  /**
   * The reconciler's step for one charge left pending past its wait, with the run's connection: a
   * test-mode charge charged nothing (failed); without Square it waits ('left'); else Square's
   * payment under its reference id settles it, and none fails it (nothing was charged).
   */
  async reconcileCharge<Outcome>(connection: SquareConnection | null, stale: StaleCharge<Outcome>): Promise<Outcome | 'left'> {
    if (stale.testMode)
      return stale.failed({ code: 'TEST_PAYMENT_UNFINISHED', message: 'The test payment stopped before it was recorded: nothing was charged' });
    if (!connection) return 'left';
    const found = await this.square.findPayment(connection, { id: stale.referenceId, totalCents: stale.totalCents, createdAt: stale.createdAt });
    return found ? stale.paid(found) : stale.failed({ code: 'NO_SQUARE_PAYMENT', message: 'Square has no payment for it: nothing was charged' });
  }

  /** Square's payment.* notification, handed to the kind whose charge it is; false when no kind owns it. */
  async squarePayment(event: SquarePaymentEvent): Promise<boolean> {
    for (const kind of this.kinds) if (await kind.squarePayment(event)) return true;
    log('info', 'square payment for nothing of ours, ignored', { paymentId: event.paymentId, status: event.status });
    return false;
  }

  /** Square's refund.* notification, handed to the kind whose refund it is; false when no kind owns it (yet). */
  async squareRefund(event: SquareRefundEvent): Promise<boolean> {
    for (const kind of this.kinds) if (await kind.squareRefund(event)) return true;
    log('info', 'square refund for no payment of ours (yet)', { refundId: event.refundId, paymentId: event.paymentId });
    return false;
  }
}
