import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CURRENCY, TAX_RATE } from '@cocoa/shared-types';
import { type Square, SquareClient, SquareError, SquareTimeoutError } from 'square';
import { ConflictError, PaymentError, UpstreamError } from '../common/domain-errors';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';
import { SquareAuthService } from './square-auth.service';
import { squareBaseUrl, type SquareMode } from './square.urls';

export type { SquareMode } from './square.urls';

const REQUEST_TIMEOUT_S = 30;
const LOCATION_CACHE_MS = 5 * 60 * 1000;
const TAX_PERCENTAGE = String(Math.round(TAX_RATE * 10000) / 100);

export interface SquareConnection {
  client: SquareClient;
  mode: SquareMode;
  token: string;
  /** SQUARE_LOCATION_ID from the environment or settings, when one is configured. */
  configuredLocationId: string | null;
}

export interface SquareChargeLine {
  variationId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface SquareChargeInput {
  sourceId: string;
  verificationToken?: string | null;
  /** The client's key: used as is for the payment, derived for the customer and the order. */
  idempotencyKey: string;
  /** Our order id, kept on the Square order and payment as their reference. */
  referenceId: string;
  customer: { email: string; givenName: string; familyName: string; phone: string; address: Square.Address };
  lines: SquareChargeLine[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
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

  /** The admin's saved choice (settings SQUARE_MODE), else the environment's. */
  async mode(): Promise<SquareMode> {
    return this.modeFrom(await this.settings.get(SETTING_KEYS.squareMode));
  }

  private modeFrom(stored: string | undefined): SquareMode {
    return stored === 'production' || stored === 'sandbox' ? stored : this.config.SQUARE_MODE;
  }

  async isConnected(): Promise<boolean> {
    return (await this.connection()) !== null;
  }

  /**
   * A client built from the current settings, or null when Square is not connected (test mode).
   * It reads every setting it needs now, so later calls never touch the database (the checkout
   * holds a transaction while it charges).
   */
  async connection(): Promise<SquareConnection | null> {
    const token = await this.auth.accessToken();
    if (!token) return null;
    const stored = await this.settings.getMany([SETTING_KEYS.squareMode, SETTING_KEYS.squareLocationId]);
    const mode = this.modeFrom(stored[SETTING_KEYS.squareMode]);
    const baseUrl = squareBaseUrl(this.config, mode);
    const configuredLocationId = this.config.SQUARE_LOCATION_ID ?? (stored[SETTING_KEYS.squareLocationId] || null);
    return { client: new SquareClient({ baseUrl, token, maxRetries: 0, timeoutInSeconds: REQUEST_TIMEOUT_S }), mode, token, configuredLocationId };
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
   * Finds or creates the customer by e-mail, creates the Square order (catalogue line items,
   * shipping as a service charge, tax as an order-level tax), checks Square's total against ours,
   * then charges the card. Any Square error becomes a PaymentError carrying Square's detail.
   */
  async charge(connection: SquareConnection, input: SquareChargeInput): Promise<SquareChargeResult> {
    const locationId = await this.locationId(connection);
    if (!locationId) throw new PaymentError('Square configuration not found', 'SQUARE_CONFIG_NOT_FOUND');
    const { client } = connection;
    const customerId = await this.findOrCreateCustomer(client, input);

    const { order } = await this.call(() =>
      client.orders.create({
        idempotencyKey: derivedKey(input.idempotencyKey, 'order'),
        order: {
          locationId,
          referenceId: input.referenceId,
          customerId,
          lineItems: input.lines.map((line) =>
            line.variationId
              ? { catalogObjectId: line.variationId, quantity: String(line.quantity) }
              : { name: line.name, quantity: String(line.quantity), basePriceMoney: money(line.unitPriceCents) },
          ),
          serviceCharges: input.shippingCents > 0 ? [{ uid: 'shipping', name: 'Shipping', amountMoney: money(input.shippingCents), calculationPhase: 'TOTAL_PHASE', taxable: false }] : [],
          taxes: input.taxCents > 0 ? [{ uid: 'sales-tax', name: 'Sales Tax', percentage: TAX_PERCENTAGE, type: 'ADDITIVE', scope: 'ORDER' }] : [],
          fulfillments: [
            {
              type: 'SHIPMENT',
              state: 'PROPOSED',
              shipmentDetails: {
                recipient: {
                  customerId,
                  displayName: `${input.customer.givenName} ${input.customer.familyName}`,
                  emailAddress: input.customer.email,
                  phoneNumber: input.customer.phone,
                  address: input.customer.address,
                },
              },
            },
          ],
        },
      }),
    );
    if (!order?.id) throw new PaymentError('Square did not create the order', 'SQUARE_ORDER_FAILED');
    const squareTotal = order.totalMoney?.amount;
    if (squareTotal !== undefined && squareTotal !== null && squareTotal !== BigInt(input.totalCents)) {
      // Square priced the catalogue differently from our database: never charge a total the buyer did not see.
      log('warn', 'square order total differs from ours', { squareOrderId: order.id, square: String(squareTotal), ours: input.totalCents });
      throw new ConflictError('Order total does not match the payment provider. Please refresh your cart and try again.', 'AMOUNT_MISMATCH');
    }

    const { payment } = await this.call(() =>
      client.payments.create({
        sourceId: input.sourceId,
        idempotencyKey: input.idempotencyKey,
        amountMoney: money(input.totalCents),
        orderId: order.id,
        customerId,
        locationId,
        referenceId: input.referenceId,
        buyerEmailAddress: input.customer.email,
        autocomplete: true,
        ...(input.verificationToken ? { verificationToken: input.verificationToken } : {}),
      }),
    );
    if (!payment?.id || (payment.status !== 'COMPLETED' && payment.status !== 'APPROVED')) {
      throw new PaymentError(payment?.status === 'FAILED' ? 'Card declined' : 'Payment failed', 'PAYMENT_FAILED');
    }
    return { paymentId: payment.id, squareOrderId: order.id, squareCustomerId: customerId, paymentStatus: payment.status };
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

  private async findOrCreateCustomer(client: SquareClient, input: SquareChargeInput): Promise<string> {
    const found = await this.call(() => client.customers.search({ limit: BigInt(1), query: { filter: { emailAddress: { exact: input.customer.email } } } }));
    const existing = found.customers?.find((c) => c.id);
    if (existing?.id) return existing.id;
    const { customer } = await this.call(() =>
      client.customers.create({
        idempotencyKey: derivedKey(input.idempotencyKey, 'customer'),
        givenName: input.customer.givenName,
        familyName: input.customer.familyName,
        emailAddress: input.customer.email,
        phoneNumber: input.customer.phone,
        address: input.customer.address,
      }),
    );
    if (!customer?.id) throw new PaymentError('Square did not create the customer', 'SQUARE_CUSTOMER_FAILED');
    return customer.id;
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
  if (err instanceof SquareTimeoutError) return new UpstreamError('The payment provider did not answer in time. Please try again.', 'SQUARE_TIMEOUT');
  if (err instanceof SquareError) {
    const first = err.errors[0];
    const detail = first?.detail || first?.code || err.message || 'Payment failed';
    log('warn', 'square call failed', { status: err.statusCode, code: first?.code, detail });
    return new PaymentError(detail, first?.code ? `SQUARE_${first.code}` : 'PAYMENT_FAILED');
  }
  return err;
}

function money(cents: number): Square.Money {
  return { amount: BigInt(cents), currency: CURRENCY as Square.Currency };
}

/** Square idempotency keys are at most 45 characters; derived keys stay well inside that. */
function derivedKey(key: string, purpose: string): string {
  return createHash('sha256').update(`${purpose}:${key}`).digest('hex').slice(0, 40);
}
