/* eslint-disable @typescript-eslint/no-explicit-any -- the double reads and records Square's wire JSON (snake_case, any shape a test sends) and tests read it back field by field; typing every Square body here would duplicate the SDK. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { squareInventoryErrors } from './square-inventory-requests';
import { SQUARE_REQUEST_LIMITS, type SquareRoute, squareLimitErrors } from './square-requests';

/**
 * A small stand-in for Square's REST API (the endpoints the checkout and the owner's refunds use), for tests: the real
 * `square` SDK talks to it through SQUARE_BASE_URL. It records every request (wire JSON, snake_case)
 * and can be told to fail a call the way Square does. Like Square, it refuses with 400 and Square's
 * error shape a body whose fields break Square's documented limits (SQUARE_REQUEST_LIMITS).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, any> | undefined;
}

/** An error answer as Square sends it. */
function refused(status: number, category: string, code: string, detail: string, field?: string): { status: number; body: unknown } {
  return { status, body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] } };
}

/** A payment as Square's wire JSON shows it (the fields the double fills). */
export interface WirePayment {
  id: string;
  created_at: string;
  updated_at: string;
  reference_id?: string;
  status: string;
  amount_money?: { amount: number; currency: string };
  tip_money?: { amount: number; currency: string };
  total_money?: { amount: number; currency: string };
  order_id?: string;
  customer_id?: string;
  location_id?: string;
  source_type: string;
}

/** A refund as Square's wire JSON shows it (PaymentRefund). */
export interface WireRefund {
  id: string;
  status: string;
  amount_money: { amount: number; currency: string };
  payment_id: string;
  order_id?: string;
  location_id?: string;
  reason?: string;
  created_at: string;
  updated_at: string;
}

export interface SquareFailure {
  status: number;
  errors: { category: string; code: string; detail: string }[];
}

export class SquareApiDouble {
  readonly requests: RecordedRequest[] = [];
  /** catalog_object_id (variation id) → price in cents, as Square's catalogue would price it (with catalogObjects' variations). */
  readonly catalogPrices = new Map<string, number>();
  readonly customers: { id: string; email_address: string }[] = [];
  locations: { id: string; status: string }[] = [{ id: 'LOC-MAIN', status: 'ACTIVE' }];
  /** Fail the next call to a path (e.g. '/v2/payments') with this error. */
  readonly failNext = new Map<string, SquareFailure>();
  /** OAuth: the code Square would hand back, and the tokens /oauth2/token answers (wire shape). */
  oauth = {
    code: 'sq0cgb-test-code',
    accessToken: 'EAAAl-oauth-access-token-1',
    refreshToken: 'EQAAl-oauth-refresh-token-1',
    expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    merchantId: 'MERCHANT-1',
  };
  /** Catalogue objects /v2/catalog/list answers (wire shape), two per page. */
  catalogObjects: Record<string, any>[] = [];
  /** Added to the order total Square computes, to simulate a catalogue priced differently. */
  orderTotalDrift = 0;
  /** Slow mode: every call waits this long before it is answered (Square under load, a slow network). */
  delayMs = 0;
  /**
   * Runs after a call has been carried out (a payment is recorded) and before its answer is sent:
   * a test can kill the API here, or answer 'drop' to cut the connection instead of answering, so
   * the payment exists at "Square" but the API never hears of it.
   */
  beforeAnswer: ((request: RecordedRequest) => Promise<'drop' | void> | 'drop' | void) | undefined;
  /** Payments taken (wire shape), as GET /v2/payments lists them and payment webhooks carry them. */
  readonly payments: WirePayment[] = [];
  /** Refunds made (wire shape). */
  readonly refunds: WireRefund[] = [];
  /** Square's IN_STOCK counts by `variation@location` (wire InventoryCount), as BatchChangeInventory moves them. */
  readonly inventory = new Map<string, WireInventoryCount>();
  /** The inventory changes Square applied (a request repeated under its idempotency key applies none). */
  readonly inventoryChanges: Record<string, any>[] = [];
  /** BatchRetrieveInventoryCounts answers at most this many counts a page (then a cursor), whatever the limit asked. */
  inventoryPageSize = 2;
  private lastCalculatedAt = 0;
  /** The status RefundPayment answers a new refund with: Square's sandbox answers PENDING, then completes it (refund.updated). */
  refundStatus: 'PENDING' | 'COMPLETED' = 'PENDING';
  /** When each answer was sent (ms since the epoch), in order. */
  readonly answered: { path: string; at: number }[] = [];
  private readonly idempotent = new Map<string, { body: unknown; request: string }>();
  /** The orders made, as Square keeps them (its state, version and fulfilments): RetrieveOrder and UpdateOrder read them. */
  readonly orders = new Map<string, Record<string, any>>();
  /** Each order's total as priced, which a payment for it must carry as amount_money. */
  private readonly orderTotals = new Map<string, number>();
  private server: Server | undefined;
  private counter = 0;

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('Square double is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  calls(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  reset(): void {
    this.requests.length = 0;
    this.failNext.clear();
    this.orderTotalDrift = 0;
    this.delayMs = 0;
    this.beforeAnswer = undefined;
    this.answered.length = 0;
    this.refundStatus = 'PENDING';
  }

  /** Listens on `port` (0: any free port; the e2e shop is configured with a fixed one). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) =>
        send(res, 500, { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: String(err) }] }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const path = url.pathname;
    const body = text ? (JSON.parse(text) as Record<string, any>) : undefined;
    const recorded: RecordedRequest = { method: req.method ?? '', path, query: url.searchParams, authorization: req.headers.authorization, body };
    this.requests.push(recorded);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const answer = this.answer(req, recorded);
    if ((await this.beforeAnswer?.(recorded)) === 'drop') return void res.socket?.destroy();
    this.answered.push({ path, at: Date.now() });
    return send(res, answer.status, answer.body);
  }

  private answer(req: IncomingMessage, { path, body, query }: RecordedRequest): { status: number; body: unknown } {
    const failure = this.failNext.get(path);
    if (failure) {
      this.failNext.delete(path);
      return { status: failure.status, body: { errors: failure.errors } };
    }
    // One order by id: /v2/orders/{order_id}, as Square's reference names the route.
    const route = /^\/v2\/orders\/[^/]+$/.test(path) && path !== '/v2/orders/batch-retrieve' ? `${req.method} /v2/orders/{order_id}` : `${req.method} ${path}`;
    const invalid = route in SQUARE_REQUEST_LIMITS ? squareLimitErrors(route as SquareRoute, body) : [];
    if (invalid.length > 0) return { status: 400, body: { errors: invalid } };
    const inventoryInvalid = path.startsWith('/v2/inventory/') ? squareInventoryErrors(path, body) : [];
    if (inventoryInvalid.length > 0) return { status: 400, body: { errors: inventoryInvalid } };
    // Like Square: a repeated idempotency key answers the first successful response again; a
    // refund's key reused for a different amount is refused, as Square refuses it.
    const key = body?.idempotency_key ? `${path}:${body.idempotency_key}` : undefined;
    const earlier = key ? this.idempotent.get(key) : undefined;
    if (earlier && path === '/v2/refunds' && earlier.request !== JSON.stringify(body?.amount_money)) {
      return {
        status: 400,
        body: {
          errors: [
            {
              category: 'INVALID_REQUEST_ERROR',
              code: 'IDEMPOTENCY_KEY_REUSED',
              detail: 'Refund request idempotency key was previously used for a different amount',
            },
          ],
        },
      };
    }
    if (earlier) return { status: 200, body: earlier.body };
    const answer = route.endsWith('/v2/orders/{order_id}') ? this.oneOrder(req.method ?? 'GET', path.split('/').pop()!, body) : this.route(route, body, query);
    if (key && answer.status === 200) this.idempotent.set(key, { body: answer.body, request: JSON.stringify(body?.amount_money) });
    return answer;
  }

  private route(route: string, body: Record<string, any> | undefined, query: URLSearchParams): { status: number; body: unknown } {
    const ok = (b: unknown) => ({ status: 200, body: b });
    switch (route) {
      case 'POST /oauth2/token': {
        const refused = (detail: string) => ({ status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail }] } });
        if (body?.grant_type === 'authorization_code' && body.code !== this.oauth.code) return refused('Authorization code is invalid');
        if (body?.grant_type === 'refresh_token' && body.refresh_token !== this.oauth.refreshToken) return refused('Refresh token is invalid');
        return ok({
          access_token: this.oauth.accessToken,
          token_type: 'bearer',
          expires_at: this.oauth.expiresAt,
          merchant_id: this.oauth.merchantId,
          refresh_token: this.oauth.refreshToken,
        });
      }
      case 'POST /oauth2/revoke':
        return ok({ success: true });
      case 'GET /v2/catalog/list': {
        const types = (query.get('types') ?? '').split(',');
        const matching = this.catalogObjects.filter((o) => types.includes(o.type));
        const start = Number(query.get('cursor') ?? 0);
        const page = matching.slice(start, start + 2);
        return ok({ objects: page, ...(start + 2 < matching.length ? { cursor: String(start + 2) } : {}) });
      }
      case 'GET /v2/locations':
        return ok({ locations: this.locations });
      case 'POST /v2/customers/search': {
        const email = body?.query?.filter?.email_address?.exact;
        const found = this.customers.filter((c) => c.email_address === email);
        return ok(found.length ? { customers: found } : {});
      }
      case 'POST /v2/customers': {
        const customer = { id: this.nextId('CUST'), email_address: body?.email_address, given_name: body?.given_name, family_name: body?.family_name };
        this.customers.push(customer);
        return ok({ customer });
      }
      case 'POST /v2/catalog/batch-retrieve': {
        const ids: string[] = body?.object_ids ?? [];
        return ok({ objects: ids.map((id) => this.variation(id)).filter(Boolean) });
      }
      case 'POST /v2/orders': {
        // Like Square: a line naming a variation its catalogue lacks refuses the whole order.
        const lines: { catalog_object_id?: string }[] = body?.order?.line_items ?? [];
        const unknown = lines.findIndex((item) => item.catalog_object_id && this.priceOf(item.catalog_object_id) === undefined);
        if (unknown >= 0) {
          const detail = `Item variation with catalog object ID \`${lines[unknown].catalog_object_id}\` not found.`;
          return {
            status: 400,
            body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail, field: `order.line_items[${unknown}].catalog_object_id` }] },
          };
        }
        const discountError = discountRuleError(body?.order?.discounts ?? []);
        if (discountError) return { status: 400, body: { errors: [discountError] } };
        const priced = this.priceOrder(body?.order ?? {});
        this.orderTotals.set(String(priced.id), (priced.total_money as { amount: number }).amount);
        this.orders.set(String(priced.id), priced);
        return ok({ order: priced });
      }
      case 'GET /v2/payments': {
        const begin = Date.parse(query.get('begin_time') ?? '') || 0;
        const matching = this.payments.filter(
          (p) =>
            Date.parse(p.created_at) >= begin &&
            (!query.get('location_id') || p.location_id === query.get('location_id')) &&
            (!query.get('total') || String(p.total_money?.amount) === query.get('total')),
        );
        const start = Number(query.get('cursor') ?? 0);
        return ok({ payments: matching.slice(start, start + 2), ...(start + 2 < matching.length ? { cursor: String(start + 2) } : {}) });
      }
      case 'POST /v2/payments': {
        // Like Square: paying for an order, amount_money is the order's total; a tip goes apart in tip_money.
        const paid = body?.order_id ? this.orderTotals.get(body.order_id) : undefined;
        if (paid !== undefined && Number(body?.amount_money?.amount) !== paid) {
          return refused(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'The amount_money must equal the order total.', 'amount_money.amount');
        }
        const now = new Date().toISOString();
        const payment: WirePayment = {
          id: this.nextId('PAY'),
          created_at: now,
          updated_at: now,
          reference_id: body?.reference_id,
          status: 'COMPLETED',
          amount_money: body?.amount_money,
          ...(body?.tip_money ? { tip_money: body.tip_money } : {}),
          // Square's total_money is the amount and the tip.
          total_money: body?.amount_money && {
            amount: Number(body.amount_money.amount) + Number(body?.tip_money?.amount ?? 0),
            currency: body.amount_money.currency,
          },
          order_id: body?.order_id,
          customer_id: body?.customer_id,
          location_id: body?.location_id,
          source_type: 'CARD',
        };
        this.payments.push(payment);
        this.sellFromStock(body?.order_id, body?.location_id);
        return ok({ payment });
      }
      case 'POST /v2/refunds':
        return this.refund(body ?? {});
      case 'POST /v2/inventory/changes/batch-create':
        return this.changeInventory(body ?? {});
      case 'POST /v2/inventory/counts/batch-retrieve':
        return this.retrieveCounts(body ?? {});
      default:
        return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `No route ${route}` }] } };
    }
  }

  /**
   * RefundPayment as Square's reference describes it: `amount_money` and (for a linked refund)
   * `payment_id` are required; the amount may not exceed the payment's total less its refunds
   * (pending ones included), else 400 REFUND_AMOUNT_INVALID; the answer is the refund, PENDING
   * unless `refundStatus` says otherwise.
   */
  private refund(body: Record<string, any>): { status: number; body: unknown } {
    if (!body.amount_money) return refused(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', 'amount_money');
    if (!body.payment_id) return refused(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', 'payment_id');
    const amount = Number(body.amount_money.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return refused(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Refund amount must be greater than zero.', 'amount_money.amount');
    const payment = this.payments.find((p) => p.id === body.payment_id);
    if (!payment) return refused(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment with id: ${body.payment_id}`);
    const taken = this.refunds
      .filter((r) => r.payment_id === payment.id && r.status !== 'FAILED' && r.status !== 'REJECTED')
      .reduce((sum, r) => sum + r.amount_money.amount, 0);
    if (amount > Number(payment.total_money?.amount ?? 0) - taken)
      return refused(400, 'REFUND_ERROR', 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.');
    const now = new Date().toISOString();
    const refund: WireRefund = {
      id: `${payment.id}_${this.nextId('REFUND')}`,
      status: this.refundStatus,
      amount_money: { amount, currency: body.amount_money.currency },
      payment_id: payment.id,
      order_id: payment.order_id,
      location_id: payment.location_id,
      ...(body.reason ? { reason: body.reason } : {}),
      created_at: now,
      updated_at: now,
    };
    this.refunds.push(refund);
    return { status: 200, body: { refund } };
  }

  /**
   * RetrieveOrder and UpdateOrder as Square's reference describes them: an update names the version
   * it applies to (an older one is refused with VERSION_MISMATCH), an order COMPLETED or CANCELED
   * is not updated, fulfilments are matched by uid; the version goes up, and the order completes
   * when every fulfilment has.
   */
  private oneOrder(method: string, id: string, body: Record<string, any> | undefined): { status: number; body: unknown } {
    const order = this.orders.get(id);
    if (!order) return refused(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Order not found: ${id}`);
    if (method === 'GET') return { status: 200, body: { order } };
    if (method !== 'PUT') return refused(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `No route ${method}`);
    const sparse = body?.order ?? {};
    if (sparse.version !== order.version) return refused(400, 'INVALID_REQUEST_ERROR', 'VERSION_MISMATCH', 'Order version mismatch.', 'order.version');
    if (order.state === 'COMPLETED' || order.state === 'CANCELED')
      return refused(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', `An order in state ${order.state} cannot be updated.`);
    for (const change of sparse.fulfillments ?? []) {
      const target = (order.fulfillments ?? []).find((f: { uid?: string }) => f.uid === change.uid);
      if (!target) return refused(400, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Fulfillment ${change.uid} not found.`, 'order.fulfillments');
      Object.assign(target, change);
    }
    order.version += 1;
    if ((order.fulfillments ?? []).every((f: { state?: string }) => f.state === 'COMPLETED')) order.state = 'COMPLETED';
    return { status: 200, body: { order } };
  }

  /** Prices line items from the catalogue map, adds service charges and the order-level tax. */
  private priceOrder(order: Record<string, any>): Record<string, unknown> {
    let subtotal = 0;
    for (const item of order.line_items ?? []) {
      const unit = item.catalog_object_id ? this.priceOf(item.catalog_object_id) : item.base_price_money?.amount;
      if (unit === undefined) throw new Error(`unknown catalog object ${item.catalog_object_id}`);
      subtotal += Number(unit) * Number(item.quantity);
    }
    const charges = (order.service_charges ?? []).reduce((sum: number, c: any) => sum + Number(c.amount_money?.amount ?? 0), 0);
    // Like Square: order-level discounts come off the items before the taxes are applied.
    const discount = Math.min(
      subtotal,
      (order.discounts ?? []).reduce(
        (sum: number, d: any) =>
          sum + (d.type === 'FIXED_PERCENTAGE' ? Math.round((subtotal * Number(d.percentage)) / 100) : Number(d.amount_money?.amount ?? 0)),
        0,
      ),
    );
    const percentage = (order.taxes ?? []).reduce((sum: number, t: any) => sum + Number(t.percentage ?? 0), 0);
    const tax = Math.round(((subtotal - discount) * percentage) / 100);
    const total = subtotal - discount + charges + tax + this.orderTotalDrift;
    return {
      ...order,
      id: this.nextId('ORDER'),
      version: 1,
      state: 'OPEN',
      total_money: { amount: total, currency: 'USD' },
      total_tax_money: { amount: tax, currency: 'USD' },
      total_discount_money: { amount: discount, currency: 'USD' },
    };
  }

  /** A variation's price in Square's catalogue: catalogPrices, else the variations of catalogObjects. */
  private priceOf(id: string): number | undefined {
    if (this.catalogPrices.has(id)) return this.catalogPrices.get(id);
    for (const o of this.catalogObjects) {
      const variations: WireVariation[] = o.item_data?.variations ?? [];
      const found = variations.find((v) => v.id === id && !v.is_deleted);
      const amount = found?.item_variation_data?.price_money?.amount;
      if (amount !== undefined) return Number(amount);
    }
    return undefined;
  }

  /** A variation Square's catalogue has, in the wire shape BatchRetrieveCatalogObjects answers. */
  private variation(id: string): Record<string, unknown> | undefined {
    const cents = this.priceOf(id);
    if (cents === undefined) return undefined;
    return {
      type: 'ITEM_VARIATION',
      id,
      is_deleted: false,
      item_variation_data: { pricing_type: 'FIXED_PRICING', price_money: { amount: cents, currency: 'USD' } },
    };
  }

  /**
   * Sets Square's IN_STOCK count of a variation at a location (a count made at the cart's Point of
   * Sale, say); answers it as inventory.count.updated carries it.
   */
  setInventoryCount(variationId: string, quantity: string, locationId = 'LOC-MAIN'): WireInventoryCount {
    const count: WireInventoryCount = {
      catalog_object_id: variationId,
      catalog_object_type: 'ITEM_VARIATION',
      state: 'IN_STOCK',
      location_id: locationId,
      quantity,
      calculated_at: this.nextCalculatedAt(),
    };
    this.inventory.set(`${variationId}@${locationId}`, count);
    return count;
  }

  /**
   * BatchChangeInventory as Square's reference describes it (the body already checked against
   * Square's limits): an ADJUSTMENT moves its quantity out of from_state and into to_state (only
   * IN_STOCK is counted here), a PHYSICAL_COUNT sets the count; the answer is the counts of the
   * variations named, after the changes.
   */
  private changeInventory(body: Record<string, any>): { status: number; body: unknown } {
    const touched = new Set<string>();
    for (const change of body.changes ?? []) {
      const c = change.type === 'ADJUSTMENT' ? change.adjustment : change.physical_count;
      if (!c) continue;
      const location = c.to_location_id ?? c.location_id;
      const key = `${c.catalog_object_id}@${location}`;
      const now = scaled(this.inventory.get(key)?.quantity ?? '0');
      const q = scaled(c.quantity);
      const next = change.type === 'PHYSICAL_COUNT' ? q : now - (c.from_state === 'IN_STOCK' ? q : 0n) + (c.to_state === 'IN_STOCK' ? q : 0n);
      this.setInventoryCount(c.catalog_object_id, unscaled(next), location);
      this.inventoryChanges.push(change);
      touched.add(key);
    }
    return { status: 200, body: { counts: [...touched].map((k) => this.inventory.get(k)) } };
  }

  /** BatchRetrieveInventoryCounts: the counts the filters name, newest first, a page at a time behind a cursor. */
  private retrieveCounts(body: Record<string, any>): { status: number; body: unknown } {
    const ids: string[] | undefined = body.catalog_object_ids;
    const locations: string[] | undefined = body.location_ids;
    const states: string[] | undefined = body.states;
    const matching = [...this.inventory.values()]
      .filter((c) => (!ids || ids.includes(c.catalog_object_id)) && (!locations || locations.includes(c.location_id)) && (!states || states.includes(c.state)))
      .sort((a, b) => Date.parse(b.calculated_at) - Date.parse(a.calculated_at));
    const size = Math.min(Number(body.limit ?? 100), this.inventoryPageSize);
    const start = Number(body.cursor ?? 0);
    const page = matching.slice(start, start + size);
    return { status: 200, body: { counts: page, ...(start + size < matching.length ? { cursor: String(start + size) } : {}) } };
  }

  /**
   * Like Square: an order paid in full moves its catalogue lines' quantities from IN_STOCK to SOLD
   * where the variation's stock is tracked (it has a count at the order's location).
   */
  private sellFromStock(orderId: string | undefined, locationId: string | undefined): void {
    const order = orderId ? this.orders.get(orderId) : undefined;
    const location = order?.location_id ?? locationId;
    for (const item of order?.line_items ?? []) {
      const key = `${item.catalog_object_id}@${location}`;
      const count = item.catalog_object_id ? this.inventory.get(key) : undefined;
      if (count) this.setInventoryCount(item.catalog_object_id, unscaled(scaled(count.quantity) - scaled(String(item.quantity))), location);
    }
  }

  /** Square's calculated_at of a new count: always later than the one before. */
  private nextCalculatedAt(): string {
    this.lastCalculatedAt = Math.max(Date.now(), this.lastCalculatedAt + 1);
    return new Date(this.lastCalculatedAt).toISOString();
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }
}

/** An inventory count as Square's wire JSON shows it (InventoryCount). */
export interface WireInventoryCount {
  catalog_object_id: string;
  catalog_object_type: string;
  state: string;
  location_id: string;
  quantity: string;
  calculated_at: string;
}

/** A decimal string of up to 5 decimals as an integer of 1/100000 units, and back. */
function scaled(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.replace('-', '').split('.');
  const units = BigInt(whole) * 100000n + BigInt(fraction.padEnd(5, '0').slice(0, 5));
  return decimal.startsWith('-') ? -units : units;
}
function unscaled(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const fraction = (abs % 100000n).toString().padStart(5, '0').replace(/0+$/, '');
  return `${sign}${abs / 100000n}${fraction ? `.${fraction}` : ''}`;
}

interface WireVariation {
  id?: string;
  is_deleted?: boolean;
  item_variation_data?: { price_money?: { amount?: number | string } };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Webhooks as Square sends them: the event envelope of Square's payment.updated / refund.updated examples. */
export function squareWebhookEvent<T extends { id: string }>(type: 'payment.updated' | 'refund.updated', object: T): Record<string, unknown> {
  const kind = type.split('.')[0];
  return {
    merchant_id: 'MERCHANT-1',
    type,
    event_id: `${kind}-event-${Math.random().toString(16).slice(2)}`,
    created_at: new Date().toISOString(),
    data: { type: kind, id: object.id, object: { [kind]: object } },
  };
}

/** A refund of a payment the double took, in the wire shape refund.updated carries. */
export function squareRefund(
  payment: WirePayment,
  amountCents: number,
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'FAILED',
  id = `${payment.id}_REFUND`,
): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id,
    created_at: now,
    updated_at: now,
    amount_money: { amount: amountCents, currency: 'USD' },
    status,
    location_id: payment.location_id,
    order_id: payment.order_id,
    payment_id: payment.id,
  };
}

/**
 * The body Square posts and its x-square-hmacsha256-signature: HMAC-SHA256 with the subscription's
 * signature key over the notification URL followed by the body, base64.
 */
export function signedWebhook(event: unknown, signatureKey: string, notificationUrl: string): { body: string; signature: string } {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return {
    body,
    signature: createHmac('sha256', signatureKey)
      .update(notificationUrl + body)
      .digest('base64'),
  };
}

/**
 * Square's published rules for an order's discounts (OrderLineItemDiscount): a FIXED_AMOUNT discount
 * carries amount_money and no percentage; a FIXED_PERCENTAGE one a percentage (a decimal string, at
 * most 10 characters) and no amount_money; an ad-hoc discount (no catalog_object_id) must name
 * itself; the shop sends order-level discounts only (scope ORDER). Lengths, enums and formats are
 * checked by squareLimitErrors with the rest of the body.
 */
function discountRuleError(discounts: any[]): { category: string; code: string; detail: string; field: string } | null {
  for (const [i, d] of discounts.entries()) {
    const field = (name: string) => `order.discounts[${i}].${name}`;
    const refused = (code: string, detail: string, name: string) => ({ category: 'INVALID_REQUEST_ERROR', code, detail, field: field(name) });
    if (!d?.catalog_object_id && !d?.name) return refused('MISSING_REQUIRED_PARAMETER', 'An ad hoc discount must have a name.', 'name');
    if (d?.scope !== 'ORDER') return refused('INVALID_VALUE', 'Only order-level discounts are expected.', 'scope');
    if (d.type === 'FIXED_AMOUNT') {
      if (d.percentage !== undefined) return refused('INVALID_VALUE', 'percentage is not set for amount-based discounts.', 'percentage');
      const amount = d.amount_money?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return refused('INVALID_VALUE', 'A FIXED_AMOUNT discount needs a positive amount_money.', 'amount_money');
      }
    } else if (d.type === 'FIXED_PERCENTAGE') {
      if (d.amount_money !== undefined) return refused('INVALID_VALUE', 'amount_money is not set for percentage-based discounts.', 'amount_money');
      if (typeof d.percentage !== 'string') return refused('EXPECTED_STRING', 'percentage must be a string.', 'percentage');
      const pct = Number(d.percentage);
      if (!(pct > 0 && pct <= 100)) return refused('INVALID_VALUE', 'percentage must be between 0 and 100.', 'percentage');
    } else {
      return refused('INVALID_ENUM_VALUE', 'Only FIXED_AMOUNT and FIXED_PERCENTAGE discounts are expected.', 'type');
    }
  }
  return null;
}

/** inventory.count.updated as Square sends it: the counts that changed, in Square's example envelope. */
export function squareInventoryEvent(counts: readonly WireInventoryCount[]): Record<string, unknown> {
  return {
    merchant_id: 'MERCHANT-1',
    type: 'inventory.count.updated',
    event_id: `inventory-event-${Math.random().toString(16).slice(2)}`,
    created_at: new Date().toISOString(),
    data: { type: 'inventory', id: `inventory-${Math.random().toString(16).slice(2)}`, object: { inventory_counts: counts } },
  };
}
