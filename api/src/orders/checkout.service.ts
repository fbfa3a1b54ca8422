import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CheckoutCompleteRequest,
  type CheckoutCompleteResponse,
  type ChosenOption,
  type DiscountCheckRequest,
  type DiscountCheckResponse,
  type LiveState,
  chooseOptions,
  formatCents,
  fromCents,
  MAX_LINE_QUANTITY,
  type MoneySettings,
  nameWithOptions,
  type OrderTotals,
  PICKUP_CODE_LENGTH,
  pickupCodeOf,
  type Place,
  priceOrder,
  priceWithOptions,
  shipsTo,
  soldOutAtStop,
  type ProductOptionGroup,
  subtotalCents,
  toCents,
  pickupPlace,
} from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { StockService } from '../catalogue/stock.service';
import { ConflictError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { type CheckedDiscount, DiscountsService } from '../discounts/discounts.service';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { LiveService } from '../live/live.service';
import type { SessionUser } from '../common/session-user';
import { PaymentsService } from '../payments/payments.service';
import type { ChargeOwner } from '../payments/payments.types';
import type { SquareChargeInput } from '../square/square.gateway';
import { SignedLinksService } from '../links/signed-links.service';
import { MoneySettingsService } from './money-settings.service';
import { ORDER_LINKS } from './order-links';
import { OrderSettlementService } from './order-settlement.service';
import { ORDER_PAYMENT } from './order-states';
import { Order } from './order.entity';

interface PricedItem {
  productId: number;
  name: string;
  variationId: string | null;
  unitPriceCents: number;
  quantity: number;
  options: ChosenOption[] | null;
  /** Whether the product's stock is counted (only those are taken from). */
  counted: boolean;
}

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  in_stock: boolean;
  counted: boolean;
  sold_at_cart: boolean;
  variation_id: string | null;
  options: ProductOptionGroup[] | null;
}

type KeyedOrder = Pick<Order, 'id' | 'status' | 'totalCents' | 'paymentId' | 'testMode' | 'fulfilmentMethod'>;

interface Claimed {
  orderId: string;
  /** The pending order as the claim wrote it: its settle moves it with no read first. */
  order: Order;
  /** A pickup order's code. */
  code: string | null;
  items: PricedItem[];
  totals: OrderTotals;
  /** The discount code the order took a use of. */
  discount: CheckedDiscount | null;
}

/** How long a request waits for another request's payment under the same key before answering 409. */
const PENDING_WAIT_MS = 20_000;

/**
 * POST /api/square/checkout/complete. The server prices the cart from the database, refuses a
 * client total that differs, and completes at most one payment per idempotency key.
 *
 * No database transaction or pooled connection is held while Square answers (a pending record is committed first, settled after):
 * 1. claim: one short transaction prices the cart, takes counted products from stock (a 409
 *    when one is short: nothing is committed) and commits the order as PENDING under its unique
 *    idempotency key, with its lines and a `placed` event;
 * 2. pay: PaymentsService.charge calls Square with no connection held (test mode: the sandbox
 *    test card decides);
 * 3. settle: one short transaction moves the order to COMPLETED (OPEN when only approved), or,
 *    when nothing was charged, removes the pending order (its stock given back) so the buyer can
 *    simply try again.
 * When Square gives no answer to the charge itself, the order stays PENDING and the buyer gets 502;
 * PaymentReconciler (and Square's payment.updated webhook) settle it from what Square recorded.
 *
 * A second request with the same key waits for the first one's settle and answers the same; if the
 * first one's payment failed, it tries again with the very same Square requests (same idempotency
 * keys), so Square answers it as it answered the first: a declined card stays declined.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly settlement: OrderSettlementService,
    private readonly stock: StockService,
    private readonly slots: PickupSlotsService,
    private readonly links: SignedLinksService,
    private readonly live: LiveService,
    private readonly discounts: DiscountsService,
    private readonly money: MoneySettingsService,
  ) {}

  /**
   * POST /api/checkout/discount: what a code takes off this cart, priced from the database, or the
   * buyer's message why not. Nothing is taken: the checkout checks the code again and takes its use.
   */
  async checkDiscount(input: DiscountCheckRequest, user: SessionUser | undefined): Promise<DiscountCheckResponse> {
    const items = await this.priceItems(this.dataSource.manager, { cartItems: input.cartItems }, null);
    const subtotal = subtotalCents(items.map((item) => ({ price: fromCents(item.unitPriceCents), quantity: item.quantity })));
    const checked = await this.discounts.check(input.code, subtotal, { userId: user?.id, email: input.email });
    return { code: checked.code, kind: checked.rule.kind, value: checked.rule.value, discount: fromCents(checked.discountCents), label: checked.label };
  }

  async complete(input: CheckoutCompleteRequest, user: SessionUser | undefined): Promise<CheckoutCompleteResponse> {
    // A pickup order's drinks are checked against the Live tab's sold-out list of the stop.
    const live = input.pickup ? await this.live.current() : null;
    const mode = await this.payments.modeFor(input.sourceId);
    const testMode = mode.kind === 'test';

    for (let round = 0; round < 3; round++) {
      // The claim comes first: a new key (nearly every request) costs no look-up of its own.
      const claimed = await this.claim(input, user, testMode, live).catch(async (err: unknown) => {
        // A cart the shop refuses now (sold out, prices changed) may be the retry of an order
        // placed under this key before: that order's answer wins.
        if (!(err instanceof UserInputError || err instanceof ConflictError)) throw err;
        const existing = await this.orderUnder(input.idempotencyKey);
        if (!existing) throw err;
        return existing;
      });
      if (!claimed || !('items' in claimed)) {
        // Another request placed an order under this key: its answer, once it is settled.
        const existing = claimed ?? (await this.orderUnder(input.idempotencyKey));
        const answer = existing && (await this.answerOf(existing, input));
        if (answer) return answer;
        continue; // its payment failed and the pending order went: this request tries again
      }
      const { orderId, totals } = claimed;
      const { paymentId } = await this.payments.charge(mode.kind === 'square' ? mode.connection : null, this.chargeOf(input, claimed), this.ownerOf(claimed));
      log('info', 'order placed', { orderId, testMode, totalCents: totals.total, userId: user?.id ?? null });
      return this.answer(orderId, paymentId, testMode, !!input.pickup);
    }
    throw stillProcessing();
  }

  /** The checkout's answer; a pickup order's carries its signed page, where a guest goes at once. */
  private async answer(orderId: string, paymentId: string, testMode: boolean, pickup: boolean): Promise<CheckoutCompleteResponse> {
    return { orderId, paymentId, testMode, ...(pickup ? { orderPath: (await this.links.signer(ORDER_LINKS)).path(orderId) } : {}) };
  }

  /** The order already placed under this key, if any (what its answer needs). */
  private async orderUnder(idempotencyKey: string): Promise<KeyedOrder | null> {
    const rows: Array<{
      id: string;
      status: Order['status'];
      total_cents: number;
      payment_id: string | null;
      test_mode: boolean;
      fulfilment_method: Order['fulfilmentMethod'];
    }> = await this.dataSource.query(`SELECT id, status, total_cents, payment_id, test_mode, fulfilment_method FROM orders WHERE idempotency_key = $1`, [
      idempotencyKey,
    ]);
    const row = rows[0];
    return row
      ? {
          id: row.id,
          status: row.status,
          totalCents: Number(row.total_cents),
          paymentId: row.payment_id,
          testMode: row.test_mode,
          fulfilmentMethod: row.fulfilment_method,
        }
      : null;
  }

  /**
   * An order under this key exists: its answer once settled (the same as the first time), unless
   * the key is reused for a different total. Null when its payment failed meanwhile (the pending
   * order was removed). A request still pending after PENDING_WAIT_MS answers 409.
   */
  private async answerOf(order: KeyedOrder, input: CheckoutCompleteRequest): Promise<CheckoutCompleteResponse | null> {
    if (toCents(input.amount) !== order.totalCents) {
      throw new ConflictError('This payment was already submitted with a different total. Please start the checkout again.', 'IDEMPOTENCY_KEY_REUSED');
    }
    const deadline = Date.now() + PENDING_WAIT_MS;
    let current: KeyedOrder | null = order;
    for (let pause = 50; current?.status === 'PENDING'; pause = Math.min(pause * 2, 1000)) {
      if (Date.now() > deadline) throw stillProcessing();
      await new Promise((resolve) => setTimeout(resolve, pause));
      current = await this.dataSource.getRepository(Order).findOneBy({ id: order.id });
    }
    return current ? this.answer(current.id, current.paymentId ?? '', current.testMode, current.fulfilmentMethod === 'pickup') : null;
  }

  /**
   * Step 1: prices the cart, checks the client's totals, and commits the order as PENDING with its
   * lines. Null when another request owns the key (we waited on its unique-key lock until it
   * committed). The order, its lines and its history row are one statement: a cart with nothing
   * else to take (a discount code's use, a pickup slot, counted stock) needs no transaction around
   * it; one that has is written in one short transaction that takes them with the order.
   */
  private async claim(input: CheckoutCompleteRequest, user: SessionUser | undefined, testMode: boolean, live: LiveState | null): Promise<Claimed | null> {
    const reader = this.dataSource.manager;
    const settings = await this.money.get();
    const place = await this.placeOf(reader, input, settings);
    const priced = { settings, place, items: await this.priceItems(reader, input, live) };
    const alone = !input.discountCode && !input.pickup && !priced.items.some((item) => item.counted);
    const write = (manager: EntityManager) => this.placeOrder(manager, input, user, testMode, priced);
    return alone ? write(this.dataSource.manager) : this.dataSource.transaction(write);
  }

  /** The claim's writes, priced items in hand: in the caller's transaction when it takes more than the order. */
  private async placeOrder(
    manager: EntityManager,
    input: CheckoutCompleteRequest,
    user: SessionUser | undefined,
    testMode: boolean,
    { settings, place, items }: { settings: MoneySettings; place: Place; items: PricedItem[] },
  ): Promise<Claimed | null> {
    const lines = items.map((item) => ({ price: fromCents(item.unitPriceCents), quantity: item.quantity }));
    // The code's row stays locked until this transaction ends, so its usage limit holds (DiscountsService).
    const customer = { userId: user?.id, email: input.shippingData?.email ?? input.pickup?.email, phone: input.pickup?.phone };
    const discount = input.discountCode ? await this.discounts.check(input.discountCode, subtotalCents(lines), customer, manager) : null;
    const off = discount?.discountCents ?? 0;
    const tipCents = input.pickup ? toCents(input.tipAmount ?? 0) : 0;
    const totals = priceOrder({ lines, place, pickup: !!input.pickup, settings, tipCents, discountCents: off });
    assertClientTotals(input, totals);
    // A pickup order's slot is checked with the stop's row locked, before the order refers to
    // the stop; a refusal keeps nothing.
    const slot = input.pickup ? { stopId: input.pickup.stopId, slotStart: new Date(input.pickup.slotStart) } : null;
    if (slot) await this.slots.check(manager, slot);
    const inserted = await this.insertPending(manager, input, user, items, totals, testMode, discount);
    if (!inserted) return null;
    const order = ORDER_PAYMENT.written(manager, inserted);
    const orderId = order.id;
    if (discount) await this.discounts.redeem(manager, discount, orderId);
    if (slot) await this.slots.record(manager, { ...slot, orderId });
    // Most drinks are not counted: their stock is not asked about at all.
    const counted = items.filter((item) => item.counted);
    if (counted.length) await this.stock.take(manager, counted);
    return { orderId, order, code: order.pickupCode, items, totals, discount };
  }

  /**
   * Where the order is taxed (docs/decisions.md, "Shipping and tax rates"): a parcel's address, in
   * a country the shop ships to (else 400), or a pickup order's stop, in the US state its address
   * names (the US-wide rate when it names none).
   */
  private async placeOf(manager: EntityManager, input: CheckoutCompleteRequest, settings: MoneySettings): Promise<Place> {
    const s = input.shippingData;
    if (s) {
      if (!shipsTo(settings, s.country)) throw new UserInputError('We do not ship to this country. Please choose another address.', 'COUNTRY_NOT_SHIPPED');
      return { country: s.country, region: s.state || null };
    }
    const stop = input.pickup ? await this.slots.placeOf(manager, input.pickup.stopId) : null;
    return pickupPlace(stop?.address);
  }

  /**
   * Database prices, names and stock for each line of the cart: lines of one product with the same
   * options merged, each priced with its options (a drink's size, milk ...) and named with them; the
   * per-line cap holds for the product however many lines repeat it.
   */
  private async priceItems(
    manager: EntityManager,
    input: Pick<CheckoutCompleteRequest, 'cartItems' | 'pickup'>,
    live: LiveState | null,
  ): Promise<PricedItem[]> {
    const wanted = new Map<string, { productId: number; options: string[]; quantity: number; name?: string }>();
    for (const item of input.cartItems) {
      const options = [...item.options].sort();
      const key = `${item.productId}|${options.join('|')}`;
      const seen = wanted.get(key);
      wanted.set(key, { productId: item.productId, options, quantity: (seen?.quantity ?? 0) + item.quantity, name: seen?.name ?? item.name });
    }
    const ids = [...new Set([...wanted.values()].map((line) => line.productId))];
    const placeholders = ids.map((_, i) => `$${i + 1}`).join(', ');
    const rows: ProductRow[] = await manager.query(
      `SELECT id, name, price_cents, in_stock, stock_count IS NOT NULL AS counted, sold_at_cart, variation_id, options FROM products WHERE id IN (${placeholders})`,
      ids,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const perProduct = new Map<number, number>();
    for (const line of wanted.values()) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    return [...wanted.values()].map(({ productId: id, options, quantity, name }) => {
      const row = byId.get(id);
      if (!row)
        throw new UserInputError(`${name ? `"${name}"` : `Product #${id}`} is no longer available. Please remove it from your cart.`, 'PRODUCT_NOT_FOUND');
      if (!row.in_stock) throw new ConflictError(`${row.name} is out of stock. Please remove it from your cart.`, 'OUT_OF_STOCK');
      if (input.pickup && !row.sold_at_cart)
        throw new ConflictError(`${row.name} is not made at the cart: it can be ordered for shipping.`, 'NOT_SOLD_AT_CART');
      if (input.pickup && live && soldOutAtStop(live, input.pickup.stopId, row.name))
        throw new ConflictError(`${row.name} is sold out at this stop today. Please remove it from your order.`, 'SOLD_OUT_AT_STOP');
      const total = perProduct.get(id) ?? quantity;
      if (total > MAX_LINE_QUANTITY)
        throw new UserInputError(`${row.name}: at most ${MAX_LINE_QUANTITY} per order (the cart asks for ${total})`, 'QUANTITY_TOO_LARGE');
      const chosen = chooseOptions(row.name, row.options ?? [], options);
      if (typeof chosen === 'string') throw new ConflictError(chosen, 'OPTIONS_CHANGED');
      return {
        productId: id,
        name: nameWithOptions(row.name, chosen),
        // A drink with options is its own price: Square's catalogue price would leave them out.
        variationId: chosen.length ? null : row.variation_id,
        unitPriceCents: priceWithOptions(Number(row.price_cents), chosen),
        quantity,
        options: chosen.length ? chosen : null,
        counted: row.counted,
      };
    });
  }

  /**
   * Inserts the order as PENDING with its lines and its `placed` history row, in one statement
   * (a checkout under load waits on every round trip to the database), unless the key exists: the
   * order's row as written (every column), or null when another request owns the key. A pickup order gets a fresh code; the rare code its stop
   * already has makes the insert a no-op too, and the checkout's next round draws another.
   */
  private async insertPending(
    manager: EntityManager,
    input: CheckoutCompleteRequest,
    user: SessionUser | undefined,
    items: readonly PricedItem[],
    totals: Claimed['totals'],
    testMode: boolean,
    discount: CheckedDiscount | null,
  ): Promise<Record<string, unknown> | null> {
    const s = input.shippingData;
    const p = input.pickup;
    const lines = items.map((item, position) => ({
      product_id: item.productId,
      variation_id: item.variationId,
      name: item.name,
      unit_price_cents: item.unitPriceCents,
      quantity: item.quantity,
      total_cents: item.unitPriceCents * item.quantity,
      options: item.options,
      position,
    }));
    const rows: Record<string, unknown>[] = await manager.query(
      `WITH o AS (
         INSERT INTO orders (id, idempotency_key, user_id, email, status, test_mode, currency, subtotal_cents, shipping_cents, tax_cents, total_cents,
           shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country,
           fulfilment_method, tip_cents, pickup_stop_id, pickup_slot_start, pickup_code, pickup_name, pickup_phone, discount_code, discount_cents)
         VALUES ($17, $1, $2, $3, 'PENDING', $4, 'USD', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $18, $19, $20, $21, $22, $23, $24, $27, $28)
         ON CONFLICT DO NOTHING
         RETURNING *),
       lines AS (
         INSERT INTO order_items (order_id, product_id, variation_id, name, unit_price_cents, quantity, total_cents, options, position)
         SELECT o.id, l.product_id, l.variation_id, l.name, l.unit_price_cents, l.quantity, l.total_cents, l.options, l.position
           FROM o, jsonb_to_recordset($25::jsonb) AS l(product_id integer, variation_id varchar, name varchar, unit_price_cents integer,
                                                      quantity integer, total_cents integer, options jsonb, position smallint)),
       placed AS (
         INSERT INTO order_events (order_id, type, from_status, to_status, source, actor, detail)
         SELECT o.id, 'placed', NULL, 'PENDING', 'checkout', 'checkout', $26::jsonb FROM o)
       SELECT * FROM o`,
      [
        input.idempotencyKey,
        user?.id ?? null,
        (s?.email ?? p?.email ?? '').toLowerCase(),
        testMode,
        totals.subtotal,
        totals.shipping,
        totals.tax,
        totals.total,
        s?.firstName ?? null,
        s?.lastName ?? null,
        s?.phone ?? null,
        s?.address ?? null,
        s?.city ?? null,
        s?.state ?? null,
        s?.zipCode ?? null,
        s?.country ?? null,
        orderIdFor(input.idempotencyKey),
        p ? 'pickup' : 'shipping',
        totals.tip,
        p?.stopId ?? null,
        p ? new Date(p.slotStart) : null,
        p ? pickupCodeOf(randomBytes(PICKUP_CODE_LENGTH)) : null,
        p?.name ?? null,
        p?.phone ?? null,
        JSON.stringify(lines),
        JSON.stringify({ totalCents: totals.total, testMode }),
        discount?.code ?? null,
        totals.discount ?? 0,
      ],
    );
    return rows[0] ?? null;
  }

  /**
   * The charge as Square is asked for it: the priced lines, shipping as a service charge, a discount
   * code as an order-level discount, tax as an order-level tax.
   */
  private chargeOf(input: CheckoutCompleteRequest, { orderId, code, items, totals, discount }: Claimed): SquareChargeInput {
    const s = input.shippingData;
    const p = input.pickup;
    return {
      sourceId: input.sourceId,
      verificationToken: input.verificationToken,
      idempotencyKey: input.idempotencyKey,
      referenceId: orderId,
      customer: s
        ? {
            email: s.email.toLowerCase(),
            givenName: s.firstName,
            familyName: s.lastName,
            phone: s.phone,
            address: { addressLine1: s.address, locality: s.city, administrativeDistrictLevel1: s.state, postalCode: s.zipCode, country: s.country },
          }
        : { email: p?.email ?? null, givenName: p?.name ?? '', familyName: '', phone: p?.phone ?? null, address: null },
      lines: items.map((item) => ({ variationId: item.variationId, name: item.name, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
      shippingCents: totals.shipping,
      ...(discount && totals.discount ? { discount: { code: discount.code, cents: totals.discount } } : {}),
      taxCents: totals.tax,
      taxPercent: totals.taxPercent,
      totalCents: totals.total,
      tipCents: totals.tip,
      ...(p ? { pickup: { at: new Date(p.slotStart), note: `Order ahead ${code ?? ''} for ${p.name}` } } : {}),
    };
  }

  /**
   * What becomes of the pending order: nothing charged removes it (its stock given back, the buyer
   * may retry); paid settles it, the confirmation mails queued.
   */
  private ownerOf({ orderId, order, items }: Claimed): ChargeOwner {
    return {
      ref: { orderId },
      failed: async (err) => void (await this.settlement.fail(orderId, { code: err.code, message: err.message }, 'checkout')),
      paid: async (payment) => {
        const settled = await this.settlement.settle(order, payment, 'checkout', items);
        if (settled.outcome !== 'moved') log('error', 'a paid order was not pending any more', { orderId, outcome: settled.outcome });
      },
    };
  }
}

function stillProcessing(): ConflictError {
  return new ConflictError(
    'This payment is still being processed. Please wait a few minutes and check your e-mail before paying again.',
    'PAYMENT_IN_PROGRESS',
  );
}

/** The client's amounts are what the buyer saw; any difference from ours refuses the payment. */
function assertClientTotals(input: CheckoutCompleteRequest, totals: OrderTotals): void {
  if (toCents(input.amount) === totals.total && toCents(input.shippingCost) === totals.shipping && toCents(input.taxAmount) === totals.tax) return;
  throw new ConflictError(
    `Order total does not match the current prices (subtotal ${formatCents(totals.subtotal)}, shipping ${formatCents(totals.shipping)}, tax ${formatCents(totals.tax)}, total ${formatCents(totals.total)}). Please review your cart and try again.`,
    'AMOUNT_MISMATCH',
  );
}

/**
 * The order id follows from the idempotency key, so a retry after a lost answer sends Square the
 * very same requests (Square refuses a reused key whose request differs) and gets the same order
 * and payment back instead of a second charge.
 */
function orderIdFor(idempotencyKey: string): string {
  const h = createHash('sha256').update(`order:${idempotencyKey}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
