import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for Square's REST API (the endpoints the checkout uses), for tests: the real
 * `square` SDK talks to it through SQUARE_BASE_URL. It records every request (wire JSON, snake_case)
 * and can be told to fail a call the way Square does.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, any> | undefined;
}

export interface SquareFailure {
  status: number;
  errors: { category: string; code: string; detail: string }[];
}

export class SquareApiDouble {
  readonly requests: RecordedRequest[] = [];
  /** catalog_object_id (variation id) → price in cents, as Square's catalogue would price it. */
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
  private readonly answered = new Map<string, unknown>();
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
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => send(res, 500, { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: String(err) }] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
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
    this.requests.push({ method: req.method ?? '', path, query: url.searchParams, authorization: req.headers.authorization, body });

    const failure = this.failNext.get(path);
    if (failure) {
      this.failNext.delete(path);
      return send(res, failure.status, { errors: failure.errors });
    }
    // Like Square: a repeated idempotency key answers the first successful response again.
    const key = body?.idempotency_key ? `${path}:${body.idempotency_key}` : undefined;
    const earlier = key ? this.answered.get(key) : undefined;
    if (earlier) return send(res, 200, earlier);
    const answer = this.route(`${req.method} ${path}`, body, url.searchParams);
    if (key && answer.status === 200) this.answered.set(key, answer.body);
    return send(res, answer.status, answer.body);
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
      case 'POST /v2/orders':
        return ok({ order: this.priceOrder(body?.order ?? {}) });
      case 'POST /v2/payments': {
        const payment = {
          id: this.nextId('PAY'),
          status: 'COMPLETED',
          amount_money: body?.amount_money,
          total_money: body?.amount_money,
          order_id: body?.order_id,
          customer_id: body?.customer_id,
          location_id: body?.location_id,
          source_type: 'CARD',
        };
        return ok({ payment });
      }
      default:
        return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `No route ${route}` }] } };
    }
  }

  /** Prices line items from the catalogue map, adds service charges and the order-level tax. */
  private priceOrder(order: Record<string, any>): Record<string, unknown> {
    let subtotal = 0;
    for (const item of order.line_items ?? []) {
      const unit = item.catalog_object_id ? this.catalogPrices.get(item.catalog_object_id) : item.base_price_money?.amount;
      if (unit === undefined) throw new Error(`unknown catalog object ${item.catalog_object_id}`);
      subtotal += Number(unit) * Number(item.quantity);
    }
    const charges = (order.service_charges ?? []).reduce((sum: number, c: any) => sum + Number(c.amount_money?.amount ?? 0), 0);
    const percentage = (order.taxes ?? []).reduce((sum: number, t: any) => sum + Number(t.percentage ?? 0), 0);
    const tax = Math.round((subtotal * percentage) / 100);
    const total = subtotal + charges + tax + this.orderTotalDrift;
    return {
      ...order,
      id: this.nextId('ORDER'),
      state: 'OPEN',
      total_money: { amount: total, currency: 'USD' },
      total_tax_money: { amount: tax, currency: 'USD' },
    };
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
