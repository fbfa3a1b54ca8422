import { Inject, Injectable } from '@nestjs/common';
import { acceptsTestPayments } from '@cocoa/shared-types';
import type { Square, SquareClient } from 'square';
import { ConflictError, PaymentError, UpstreamError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { SquareAuthService } from './square-auth.service';
import { squareSdk } from './square-sdk';
import {
  buildCreateCustomerRequest,
  buildCreateOrderRequest,
  buildCreatePaymentRequest,
  buildRefundPaymentRequest,
  buildSearchCustomersRequest,
  buildUpdatePickupRequest,
  PICKUP_FULFILLMENT_UID,
  orderTotalCents,
  liveVariationIds,
  type SquareChargeInput,
  type SquareChargeLine,
  type SquareRefundInput,
  variationIdsToCheck,
} from './square-requests';
import { squareBaseUrl, type SquareMode } from './square.urls';

export type { SquareMode } from './square.urls';
export type { SquareChargeInput, SquareRefundInput } from './square-requests';

const REQUEST_TIMEOUT_S = 30;
const LOCATION_CACHE_MS = 5 * 60 * 1000;
/** The reconciler looks for payments from this long before the order was created (clock skew). */
const PAYMENT_SEARCH_SLACK_MS = 10 * 60 * 1000;

export interface SquareConnection {
  client: SquareClient;
  mode: SquareMode;
  token: string;
  /** SQUARE_LOCATION_ID from the environment or settings, when one is configured. */
  configuredLocationId: string | null;
}

/** How the checkout takes payments at the moment (see SquareGateway.paymentMode). */
export type PaymentMode = { kind: 'square'; connection: SquareConnection } | { kind: 'test' | 'unavailable'; mode: SquareMode };

/** What step 1 of a charge (createOrder) leaves for step 2 (pay). */
export interface SquarePreparedCharge {
  locationId: string;
  customerId: string;
  squareOrderId: string;
}

/** A Square payment as the reconciler and the webhooks see it. */
export interface SquarePaymentFacts {
  paymentId: string;
  /** APPROVED, PENDING, COMPLETED, CANCELED or FAILED */
  status: string;
  squareOrderId: string | null;
  squareCustomerId: string | null;
}

/** payments.create got no answer: the card may or may not have been charged. */
export class PaymentOutcomeUnknownError extends UpstreamError {
  constructor() {
    super(
      'The payment provider did not answer in time. Your payment may still go through: please wait a few minutes and check your e-mail before paying again.',
      'PAYMENT_OUTCOME_UNKNOWN',
    );
  }
}

/** refunds.refundPayment got no answer: the refund may or may not have been made. */
export class RefundOutcomeUnknownError extends UpstreamError {
  constructor() {
    super(
      'Square did not answer in time, so the refund may or may not have gone through. Use Retry on the pending refund to ask Square again (it will not refund twice).',
      'REFUND_OUTCOME_UNKNOWN',
    );
  }
}

/** A refund as Square answered it. */
export interface SquareRefundResult {
  refundId: string;
  /** PENDING, COMPLETED, REJECTED or FAILED */
  status: string;
  amountCents: number;
}

export interface SquareChargeResult {
  paymentId: string;
  squareOrderId: string;
  squareCustomerId: string;
  /** Square's payment status: COMPLETED with autocomplete, APPROVED when only authorised. */
  paymentStatus: string;
}

/**
 * The one place that talks to Square (customers, orders, payments, locations) through the real
 * `square` SDK. It is "connected" when SquareAuthService.accessToken() knows a token:
 * SQUARE_ACCESS_TOKEN from the environment, else the one the admin OAuth flow stored encrypted.
 * SQUARE_BASE_URL points it at a local double.
 */
@Injectable()
export class SquareGateway {
  private locationCache: { token: string; locationId: string | null; at: number } | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
    private readonly auth: SquareAuthService,
  ) {}

  private modeFrom(stored: string | undefined): SquareMode {
    return stored === 'production' || stored === 'sandbox' ? stored : this.config.SQUARE_MODE;
  }

  async isConnected(): Promise<boolean> {
    return (await this.connection()) !== null;
  }

  /**
   * How the checkout takes payments now: through Square when connected; else the built-in test
   * card when test payments are accepted (`acceptsTestPayments`: sandbox mode by default, or the
   * owner's switch); else not at all (production mode without Square: "payments are not set up").
   */
  async paymentMode(): Promise<PaymentMode> {
    const connection = await this.connection();
    if (connection) return { kind: 'square', connection };
    const stored = await this.settings.getMany([SETTING_KEYS.squareMode, SETTING_KEYS.acceptTestPayments]);
    const mode = this.modeFrom(stored[SETTING_KEYS.squareMode]);
    return { kind: acceptsTestPayments(stored[SETTING_KEYS.acceptTestPayments], mode) ? 'test' : 'unavailable', mode };
  }

  /**
   * A client built from the current settings, or null when Square is not connected. It reads
   * every setting it needs now, so later calls never touch the database.
   */
  async connection(): Promise<SquareConnection | null> {
    const token = await this.auth.accessToken();
    if (!token) return null;
    const stored = await this.settings.getMany([SETTING_KEYS.squareMode, SETTING_KEYS.squareLocationId]);
    const mode = this.modeFrom(stored[SETTING_KEYS.squareMode]);
    const baseUrl = squareBaseUrl(this.config, mode);
    const configuredLocationId = this.config.SQUARE_LOCATION_ID ?? (stored[SETTING_KEYS.squareLocationId] || null);
    return {
      client: new (squareSdk().SquareClient)({ baseUrl, token, maxRetries: 0, timeoutInSeconds: REQUEST_TIMEOUT_S }),
      mode,
      token,
      configuredLocationId,
    };
  }

  /** SQUARE_LOCATION_ID (env, then settings), else the merchant's first active location. */
  async locationId(connection: SquareConnection): Promise<string | null> {
    if (connection.configuredLocationId) return connection.configuredLocationId;
    const cached = this.locationCache;
    if (cached && cached.token === connection.token && Date.now() - cached.at < LOCATION_CACHE_MS) return cached.locationId;
    const { locations = [] } = await this.call(() => connection.client.locations.list());
    const active = locations.find((l) => l.status === 'ACTIVE' && l.id) ?? locations.find((l) => l.id);
    const locationId = active?.id ?? null;
    this.locationCache = { token: connection.token, locationId, at: Date.now() };
    return locationId;
  }

  /**
   * Step 1 of a charge: finds or creates the customer by e-mail, creates the Square order
   * (catalogue or ad-hoc line items, shipping as a service charge, tax as an order-level tax;
   * the bodies come from square-requests.ts, within Square's documented limits) and checks
   * Square's total against ours. Nothing is charged yet: any error here means no money moved.
   * Square's errors become PaymentErrors carrying Square's detail.
   */
  async createOrder(connection: SquareConnection, input: SquareChargeInput): Promise<SquarePreparedCharge> {
    const locationId = await this.locationId(connection);
    if (!locationId) throw new PaymentError('Square configuration not found', 'SQUARE_CONFIG_NOT_FOUND');
    const { client } = connection;
    // Which cart lines Square's catalogue has: asked first, so a failure leaves nothing at Square.
    const catalogVariationIds = await this.catalogVariationIds(client, input.lines);
    const customerId = await this.findOrCreateCustomer(client, input);

    const { order } = await this.call(() => client.orders.create(buildCreateOrderRequest(input, { locationId, customerId, catalogVariationIds })));
    if (!order?.id) throw new PaymentError('Square did not create the order', 'SQUARE_ORDER_FAILED');
    const squareTotal = order.totalMoney?.amount;
    if (squareTotal !== undefined && squareTotal !== null && squareTotal !== BigInt(orderTotalCents(input))) {
      // Square priced the catalogue differently from our database: never charge a total the buyer did not see.
      log('warn', 'square order total differs from ours', { squareOrderId: order.id, square: String(squareTotal), ours: orderTotalCents(input) });
      throw new ConflictError('Order total does not match the payment provider. Please refresh your cart and try again.', 'AMOUNT_MISMATCH');
    }
    return { locationId, customerId, squareOrderId: order.id };
  }

  /**
   * Step 2: charges the card for the Square order. An answer from Square settles it either way
   * (a payment, or an error: nothing charged); no answer (timeout, connection lost) throws
   * PaymentOutcomeUnknownError: the payment may have gone through, so the order stays pending
   * until the reconciler or a webhook learns what happened.
   */
  async pay(connection: SquareConnection, prepared: SquarePreparedCharge, input: SquareChargeInput): Promise<SquareChargeResult> {
    const { client } = connection;
    const { locationId, customerId, squareOrderId } = prepared;
    const { payment } = await this.callPayment(() =>
      client.payments.create(buildCreatePaymentRequest(input, { orderId: squareOrderId, customerId, locationId })),
    );
    if (!payment?.id || (payment.status !== 'COMPLETED' && payment.status !== 'APPROVED')) {
      throw new PaymentError(payment?.status === 'FAILED' ? 'Card declined' : 'Payment failed', 'PAYMENT_FAILED');
    }
    return { paymentId: payment.id, squareOrderId, squareCustomerId: customerId, paymentStatus: payment.status };
  }

  /**
   * Refunds part or all of a payment (RefundPayment). The idempotency key makes a repeated call
   * answer the first refund instead of making a second one. An answer from Square settles it
   * either way (a refund, or Square's refusal as a PaymentError with Square's detail); no answer
   * throws RefundOutcomeUnknownError.
   */
  async refund(connection: SquareConnection, input: SquareRefundInput): Promise<SquareRefundResult> {
    const { refund } = await this.callPayment(
      () => connection.client.refunds.refundPayment(buildRefundPaymentRequest(input)),
      () => new RefundOutcomeUnknownError(),
    );
    if (!refund?.id) throw new PaymentError('Square did not make the refund', 'SQUARE_REFUND_FAILED');
    return { refundId: refund.id, status: refund.status ?? 'PENDING', amountCents: Number(refund.amountMoney?.amount ?? input.amountCents) };
  }

  /**
   * The payment Square took for one of our orders, found for the reconciler: Square's payments of
   * the location created since shortly before our order, with our order's total, whose
   * reference_id is our order id. Null when Square has none (nothing was charged).
   */
  async findPayment(connection: SquareConnection, order: { id: string; totalCents: number; createdAt: Date }): Promise<SquarePaymentFacts | null> {
    const locationId = await this.locationId(connection);
    if (!locationId) throw new PaymentError('Square configuration not found', 'SQUARE_CONFIG_NOT_FOUND');
    return this.call(async () => {
      const pages = await connection.client.payments.list({
        beginTime: new Date(order.createdAt.getTime() - PAYMENT_SEARCH_SLACK_MS).toISOString(),
        locationId,
        total: BigInt(order.totalCents),
        sortOrder: 'ASC',
      });
      let found: Square.Payment | undefined;
      for await (const payment of pages) {
        if (payment.referenceId !== order.id || !payment.id) continue;
        // A retried checkout may have left a failed attempt before the one that went through.
        if (!found || found.status === 'FAILED' || found.status === 'CANCELED') found = payment;
      }
      return found?.id
        ? { paymentId: found.id, status: found.status ?? 'PENDING', squareOrderId: found.orderId ?? null, squareCustomerId: found.customerId ?? null }
        : null;
    });
  }

  /**
   * Moves a pickup order's fulfilment at Square to `state` (the cart's Point of Sale shows it):
   * reads the order for its version, and updates it unless it is there already or Square's order
   * is over (completed or canceled: Square updates those no more). Answers what happened.
   */
  async setPickupState(connection: SquareConnection, squareOrderId: string, state: Square.FulfillmentState): Promise<'updated' | 'unchanged' | 'closed'> {
    const { order } = await this.call(() => connection.client.orders.get({ orderId: squareOrderId }));
    if (!order?.locationId) throw new PaymentError('Square did not find the order', 'SQUARE_ORDER_NOT_FOUND');
    const now = order.fulfillments?.find((f) => f.uid === PICKUP_FULFILLMENT_UID)?.state;
    if (now === state) return 'unchanged';
    if (order.state === 'COMPLETED' || order.state === 'CANCELED') return 'closed';
    await this.call(() =>
      connection.client.orders.update(buildUpdatePickupRequest({ id: squareOrderId, locationId: order.locationId, version: order.version ?? 1 }, state)),
    );
    return 'updated';
  }

  /**
   * Checks a webhook notification's x-square-hmacsha256-signature (HMAC-SHA256 of the notification
   * URL + the raw body with the subscription's signature key) with the SDK's WebhooksHelper.
   */
  async verifyWebhook(rawBody: string, signature: string, signatureKey: string): Promise<boolean> {
    return squareSdk().WebhooksHelper.verifySignature({
      requestBody: rawBody,
      signatureHeader: signature,
      signatureKey,
      notificationUrl: this.config.squareWebhookUrl,
    });
  }

  /** Every ITEM and CATEGORY object of the merchant's catalogue, all pages. */
  async listCatalog(connection: SquareConnection): Promise<Square.CatalogObject[]> {
    return this.call(async () => {
      const objects: Square.CatalogObject[] = [];
      const pages = await connection.client.catalog.list({ types: 'ITEM,CATEGORY' });
      for await (const object of pages) objects.push(object);
      return objects;
    });
  }

  /**
   * The variations a Square order carries as catalogue lines (catalog_object_id): Square itself
   * counts those down when the order is paid, where the variation's stock is tracked.
   */
  async orderCatalogVariationIds(connection: SquareConnection, squareOrderId: string): Promise<Set<string>> {
    const { order } = await this.call(() => connection.client.orders.get({ orderId: squareOrderId }));
    return new Set((order?.lineItems ?? []).map((l) => l.catalogObjectId).filter((id): id is string => !!id));
  }

  /** BatchChangeInventory: the changes applied at Square; answers Square's counts after them. */
  async changeInventory(connection: SquareConnection, request: Square.BatchChangeInventoryRequest): Promise<Square.InventoryCount[]> {
    const { counts } = await this.call(() => connection.client.inventory.batchCreateChanges(request));
    return counts ?? [];
  }

  /** BatchRetrieveInventoryCounts: every count the request names, all pages (the SDK follows Square's cursor). */
  async inventoryCounts(connection: SquareConnection, request: Square.BatchGetInventoryCountsRequest): Promise<Square.InventoryCount[]> {
    return this.call(async () => {
      const counts: Square.InventoryCount[] = [];
      const pages = await connection.client.inventory.batchGetCounts(request);
      for await (const count of pages) counts.push(count);
      return counts;
    });
  }

  private async findOrCreateCustomer(client: SquareClient, input: SquareChargeInput): Promise<string> {
    const email = input.customer.email;
    if (email) {
      const found = await this.call(() => client.customers.search(buildSearchCustomersRequest(email)));
      const existing = found.customers?.find((c) => c.id);
      if (existing?.id) return existing.id;
    }
    const { customer } = await this.call(() => client.customers.create(buildCreateCustomerRequest(input)));
    if (!customer?.id) throw new PaymentError('Square did not create the customer', 'SQUARE_CUSTOMER_FAILED');
    return customer.id;
  }

  /**
   * The cart's variation ids that Square's catalogue has now (BatchRetrieveCatalogObjects); the
   * other lines go to Square as ad-hoc items (square-requests.ts). A 404 means none of them.
   */
  private async catalogVariationIds(client: SquareClient, lines: readonly SquareChargeLine[]): Promise<Set<string>> {
    const objectIds = variationIdsToCheck(lines);
    if (objectIds.length === 0) return new Set();
    try {
      const { objects } = await client.catalog.batchGet({ objectIds });
      return liveVariationIds(objects);
    } catch (err) {
      if (err instanceof squareSdk().SquareError && err.statusCode === 404) return new Set();
      throw toDomainError(err);
    }
  }

  /** payments.create, refunds.refundPayment: no answer at all leaves the outcome unknown; any answer is Square's verdict. */
  private async callPayment<T>(request: () => Promise<T>, unknown: () => UpstreamError = () => new PaymentOutcomeUnknownError()): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof squareSdk().SquareTimeoutError || (err instanceof squareSdk().SquareError && err.statusCode === undefined)) {
        log('warn', 'square payment outcome unknown', { error: err.message });
        throw unknown();
      }
      throw toDomainError(err);
    }
  }

  /** Runs one SDK call, turning Square's errors into domain errors with Square's own detail. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw toDomainError(err);
    }
  }
}

export function toDomainError(err: unknown): unknown {
  if (err instanceof squareSdk().SquareTimeoutError)
    return new UpstreamError('The payment provider did not answer in time. Please try again.', 'SQUARE_TIMEOUT');
  if (err instanceof squareSdk().SquareError) {
    const first = err.errors[0];
    const detail = first?.detail || first?.code || err.message || 'Payment failed';
    log('warn', 'square call failed', { status: err.statusCode, code: first?.code, detail });
    return new PaymentError(detail, first?.code ? `SQUARE_${first.code}` : 'PAYMENT_FAILED');
  }
  return err;
}
