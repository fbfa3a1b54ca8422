import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CheckoutCompleteRequest,
  type CheckoutCompleteResponse,
  type CheckoutTotals,
  checkoutTotals,
  formatCents,
  fromCents,
  TEST_CARD_NONCE_DECLINED,
  TEST_CARD_NONCE_OK,
  toCents,
} from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, PaymentError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import type { SessionUser } from '../common/session-user';
import { SquareGateway, type SquareConnection } from '../square/square.gateway';
import { OrderItem } from './order-item.entity';
import { Order, type OrderStatus } from './order.entity';

interface PricedItem {
  productId: number;
  name: string;
  variationId: string | null;
  unitPriceCents: number;
  quantity: number;
}

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  in_stock: boolean;
  variation_id: string | null;
}

interface PaymentOutcome {
  status: OrderStatus;
  paymentId: string;
  squareOrderId: string | null;
  squareCustomerId: string | null;
}

/**
 * POST /api/square/checkout/complete. The server prices the cart from the database, refuses a
 * client total that differs, and completes at most one payment per idempotency key: the order row
 * is inserted first under a unique key, so a concurrent request with the same key waits for this
 * transaction and then finds its order. The payment runs inside the transaction; if it fails,
 * everything rolls back and nothing is stored.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly square: SquareGateway,
  ) {}

  async complete(input: CheckoutCompleteRequest, user: SessionUser | undefined): Promise<CheckoutCompleteResponse> {
    const connection = await this.square.connection();
    if (!connection && input.sourceId !== TEST_CARD_NONCE_OK && input.sourceId !== TEST_CARD_NONCE_DECLINED) {
      throw new UserInputError('Test mode accepts only the test cards 4111 1111 1111 1111 and 4000 0000 0000 0002', 'TEST_MODE_CARD_ONLY');
    }

    const replay = await this.dataSource.getRepository(Order).findOneBy({ idempotencyKey: input.idempotencyKey });
    if (replay) return this.replayed(replay, input);

    return this.dataSource.transaction(async (manager) => {
      const items = await this.priceItems(manager, input);
      const totals = checkoutTotals(items.map((item) => ({ price: fromCents(item.unitPriceCents), quantity: item.quantity })));
      assertClientTotals(input, totals);

      const orderId = await this.claim(manager, input, user, totals, connection === null);
      if (!orderId) {
        // Another request with this key committed first (we waited on its unique-key lock).
        const winner = await manager.findOneByOrFail(Order, { idempotencyKey: input.idempotencyKey });
        return this.replayed(winner, input);
      }
      await manager.insert(
        OrderItem,
        items.map((item, position) => ({
          orderId,
          productId: item.productId,
          variationId: item.variationId,
          name: item.name,
          unitPriceCents: item.unitPriceCents,
          quantity: item.quantity,
          totalCents: item.unitPriceCents * item.quantity,
          position,
        })),
      );

      const outcome = connection ? await this.chargeSquare(connection, input, orderId, items, totals) : testPayment(input.sourceId);
      await manager.update(Order, { id: orderId }, outcome);
      log('info', 'order placed', { orderId, testMode: connection === null, totalCents: totals.total, userId: user?.id ?? null });
      return { orderId, paymentId: outcome.paymentId, testMode: connection === null };
    });
  }

  /** The same key again: the same answer, unless the key is reused for a different total. */
  private replayed(order: Order, input: CheckoutCompleteRequest): CheckoutCompleteResponse {
    if (toCents(input.amount) !== order.totalCents) {
      throw new ConflictError('This payment was already submitted with a different total. Please start the checkout again.', 'IDEMPOTENCY_KEY_REUSED');
    }
    return { orderId: order.id, paymentId: order.paymentId ?? '', testMode: order.testMode };
  }

  /** Database prices, names and stock for each product in the cart (repeated products merged). */
  private async priceItems(manager: EntityManager, input: CheckoutCompleteRequest): Promise<PricedItem[]> {
    const wanted = new Map<number, { quantity: number; name?: string }>();
    for (const item of input.cartItems) {
      const seen = wanted.get(item.productId);
      wanted.set(item.productId, { quantity: (seen?.quantity ?? 0) + item.quantity, name: seen?.name ?? item.name });
    }
    const ids = [...wanted.keys()];
    const placeholders = ids.map((_, i) => `$${i + 1}`).join(', ');
    const rows: ProductRow[] = await manager.query(`SELECT id, name, price_cents, in_stock, variation_id FROM products WHERE id IN (${placeholders})`, ids);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.map((id) => {
      const row = byId.get(id);
      const { quantity, name } = wanted.get(id)!;
      if (!row) throw new UserInputError(`${name ? `"${name}"` : `Product #${id}`} is no longer available. Please remove it from your cart.`, 'PRODUCT_NOT_FOUND');
      if (!row.in_stock) throw new ConflictError(`${row.name} is out of stock. Please remove it from your cart.`, 'OUT_OF_STOCK');
      return { productId: id, name: row.name, variationId: row.variation_id, unitPriceCents: Number(row.price_cents), quantity };
    });
  }

  /** Inserts the order as PENDING unless the key exists; null when another request owns the key. */
  private async claim(manager: EntityManager, input: CheckoutCompleteRequest, user: SessionUser | undefined, totals: CheckoutTotals, testMode: boolean): Promise<string | null> {
    const s = input.shippingData;
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO orders (id, idempotency_key, user_id, email, status, test_mode, currency, subtotal_cents, shipping_cents, tax_cents, total_cents,
         shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country)
       VALUES ($17, $1, $2, $3, 'PENDING', $4, 'USD', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [input.idempotencyKey, user?.id ?? null, s.email.toLowerCase(), testMode, totals.subtotal, totals.shipping, totals.tax, totals.total, s.firstName, s.lastName, s.phone, s.address, s.city, s.state, s.zipCode, s.country, orderIdFor(input.idempotencyKey)],
    );
    return rows[0]?.id ?? null;
  }

  private async chargeSquare(connection: SquareConnection, input: CheckoutCompleteRequest, orderId: string, items: PricedItem[], totals: CheckoutTotals): Promise<PaymentOutcome> {
    const s = input.shippingData;
    const result = await this.square.charge(connection, {
      sourceId: input.sourceId,
      verificationToken: input.verificationToken,
      idempotencyKey: input.idempotencyKey,
      referenceId: orderId,
      customer: {
        email: s.email.toLowerCase(),
        givenName: s.firstName,
        familyName: s.lastName,
        phone: s.phone,
        address: { addressLine1: s.address, locality: s.city, administrativeDistrictLevel1: s.state, postalCode: s.zipCode, country: s.country },
      },
      lines: items.map((item) => ({ variationId: item.variationId, name: item.name, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
      shippingCents: totals.shipping,
      taxCents: totals.tax,
      totalCents: totals.total,
    });
    return {
      status: result.paymentStatus === 'COMPLETED' ? 'COMPLETED' : 'OPEN',
      paymentId: result.paymentId,
      squareOrderId: result.squareOrderId,
      squareCustomerId: result.squareCustomerId,
    };
  }
}

/** The client's amounts are what the buyer saw; any difference from ours refuses the payment. */
function assertClientTotals(input: CheckoutCompleteRequest, totals: CheckoutTotals): void {
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

/** Test mode (Square not connected): Square's sandbox tokens, nothing charged. */
function testPayment(sourceId: string): PaymentOutcome {
  if (sourceId !== TEST_CARD_NONCE_OK) throw new PaymentError('Card declined', 'CARD_DECLINED');
  return { status: 'COMPLETED', paymentId: `test_${randomBytes(12).toString('hex')}`, squareOrderId: null, squareCustomerId: null };
}
