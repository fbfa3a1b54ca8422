import { Injectable } from '@nestjs/common';
import { type AdminDiscount, dayIn, type DiscountForm, type DiscountRule, discountLabel, discountOffCents, fromCents, toCents } from '@cocoa/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';

interface CodeRow {
  id: number;
  code: string;
  amount_cents: number | null;
  percent: number | null;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  one_per_customer: boolean;
  active: boolean;
  created_at: Date;
  uses?: number | string;
}

/** Who uses a code: the signed-in account, else the e-mail address, else (a pickup order given only a phone) the phone. */
export interface DiscountCustomer {
  userId?: number | null;
  email?: string | null;
  phone?: string | null;
}

/** A code found good for a cart: what it takes off, and what its use records. */
export interface CheckedDiscount {
  codeId: number;
  code: string;
  rule: DiscountRule;
  discountCents: number;
  label: string;
  onePerCustomer: boolean;
  customerKey: string | null;
}

const COLUMNS = `id, code, amount_cents, percent, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  usage_limit, one_per_customer, active, created_at`;

const ruleOf = (row: CodeRow): DiscountRule =>
  row.percent !== null ? { kind: 'percent', value: Number(row.percent) } : { kind: 'amount', value: fromCents(Number(row.amount_cents)) };

function customerKeyOf(customer: DiscountCustomer): string | null {
  if (customer.userId) return `account:${customer.userId}`;
  const email = customer.email?.trim().toLowerCase();
  if (email) return `email:${email}`;
  return customer.phone ? `phone:${customer.phone}` : null;
}

function unknownCode(): UserInputError {
  return new UserInputError('Unknown code', 'DISCOUNT_UNKNOWN');
}

/**
 * Discount codes (docs/admin.md "Discounts"): the owner's list and form, the checkout's check, and
 * a code's use taken inside the order's own transaction. A use is a discount_redemptions row tied
 * to its order, so the pending order that a failed payment removes gives its use back with it.
 *
 * The usage limit holds under concurrency because a checkout locks the code's row (FOR UPDATE)
 * before counting its uses, and keeps the lock until its order commits: the next checkout of the
 * same code counts that use. Dates are days of the shop's time zone, End included.
 */
@Injectable()
export class DiscountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shopTime: ShopTimeZoneService,
  ) {}

  async list(): Promise<AdminDiscount[]> {
    const rows: CodeRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = discount_codes.id) AS uses
         FROM discount_codes ORDER BY created_at DESC, id DESC`,
    );
    return rows.map((row) => this.toAdmin(row));
  }

  async create(form: DiscountForm): Promise<AdminDiscount> {
    return this.dataSource.transaction(async (manager) => {
      await this.refuseTaken(manager, form.code, null);
      const [row] = await manager.query<CodeRow[]>(
        `INSERT INTO discount_codes (code, amount_cents, percent, starts_on, ends_on, usage_limit, one_per_customer, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING RETURNING ${COLUMNS}`,
        this.valuesOf(form),
      );
      if (!row) throw taken(form.code);
      return this.toAdmin({ ...row, uses: 0 });
    });
  }

  async update(id: number, form: DiscountForm): Promise<AdminDiscount> {
    return this.dataSource.transaction(async (manager) => {
      await this.refuseTaken(manager, form.code, id);
      const rows = await manager.query<CodeRow[]>(
        `WITH changed AS (UPDATE discount_codes SET code = $1, amount_cents = $2, percent = $3, starts_on = $4, ends_on = $5, usage_limit = $6,
           one_per_customer = $7, active = $8, updated_at = now() WHERE id = $9 RETURNING *) SELECT ${COLUMNS} FROM changed`,
        [...this.valuesOf(form), id],
      );
      if (!rows[0]) throw notFound();
      return this.toAdmin({ ...rows[0], uses: await this.usesOf(manager, id) });
    });
  }

  /** Switches a code off (refused like an unknown code, its uses kept) or on again. */
  async setActive(id: number, active: boolean): Promise<AdminDiscount> {
    const rows: CodeRow[] = await this.dataSource.query(
      `WITH changed AS (UPDATE discount_codes SET active = $2, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT ${COLUMNS}, (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = changed.id) AS uses FROM changed`,
      [id, active],
    );
    if (!rows[0]) throw notFound();
    return this.toAdmin(rows[0]);
  }

  /** Only a code never used goes: a used one is switched off instead, so its orders keep their story. */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<CodeRow[]>(`SELECT id FROM discount_codes WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw notFound();
      if ((await this.usesOf(manager, id)) > 0) {
        throw new ConflictError('This code has been used, so it cannot be deleted: switch it off instead.', 'DISCOUNT_USED');
      }
      await manager.query(`DELETE FROM discount_codes WHERE id = $1`, [id]);
    });
  }

  /**
   * Is `code` good for a cart of `subtotalCents` bought by `customer`, now? The refusals are the
   * buyer's messages. With a manager (the checkout's transaction), the code's row stays locked until
   * that transaction ends, so the count of uses cannot change under it.
   */
  async check(code: string, subtotalCents: number, customer: DiscountCustomer, manager?: EntityManager): Promise<CheckedDiscount> {
    const db = manager ?? this.dataSource.manager;
    const [row] = await db.query<CodeRow[]>(`SELECT ${COLUMNS} FROM discount_codes WHERE code = $1${manager ? ' FOR UPDATE' : ''}`, [code.toUpperCase()]);
    if (!row?.active) throw unknownCode();
    const today = dayIn(new Date(), await this.shopTime.current(manager));
    if (row.starts_on && today < row.starts_on) throw new ConflictError('This code is not valid yet', 'DISCOUNT_NOT_STARTED');
    if (row.ends_on && today > row.ends_on) throw new ConflictError('This code has expired', 'DISCOUNT_EXPIRED');
    if (row.usage_limit !== null && (await this.usesOf(db, row.id)) >= Number(row.usage_limit)) {
      throw new ConflictError('This code has reached its usage limit', 'DISCOUNT_USED_UP');
    }
    const customerKey = customerKeyOf(customer);
    if (row.one_per_customer && customerKey) {
      const used = await db.query<unknown[]>(`SELECT 1 FROM discount_redemptions WHERE code_id = $1 AND customer_key = $2 AND one_per_customer`, [
        row.id,
        customerKey,
      ]);
      if (used.length > 0) throw new ConflictError('You have already used this code', 'DISCOUNT_ALREADY_USED');
    }
    const rule = ruleOf(row);
    return {
      codeId: row.id,
      code: row.code,
      rule,
      discountCents: discountOffCents(rule, subtotalCents),
      label: discountLabel(rule),
      onePerCustomer: row.one_per_customer,
      customerKey,
    };
  }

  /** Takes the code's use for the order, in the order's transaction (after `check` with the same manager). */
  async redeem(manager: EntityManager, checked: CheckedDiscount, orderId: string): Promise<void> {
    if (checked.onePerCustomer && !checked.customerKey) {
      throw new UserInputError('Please give your e-mail address to use this code', 'DISCOUNT_NEEDS_CUSTOMER');
    }
    await manager.query(`INSERT INTO discount_redemptions (code_id, order_id, customer_key, one_per_customer, amount_cents) VALUES ($1, $2, $3, $4, $5)`, [
      checked.codeId,
      orderId,
      checked.customerKey ?? `order:${orderId}`,
      checked.onePerCustomer,
      checked.discountCents,
    ]);
  }

  /** Gives back the use an order took (an order cancelled before it was paid). */
  async release(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`DELETE FROM discount_redemptions WHERE order_id = $1`, [orderId]);
  }

  private async usesOf(db: EntityManager, codeId: number): Promise<number> {
    const [row] = await db.query<{ n: string }[]>(`SELECT count(*) AS n FROM discount_redemptions WHERE code_id = $1`, [codeId]);
    return Number(row?.n ?? 0);
  }

  private async refuseTaken(manager: EntityManager, code: string, id: number | null): Promise<void> {
    const rows = await manager.query<{ id: number }[]>(`SELECT id FROM discount_codes WHERE code = $1`, [code]);
    if (rows.some((row) => Number(row.id) !== id)) throw taken(code);
  }

  private valuesOf(form: DiscountForm): unknown[] {
    return [
      form.code,
      form.kind === 'amount' ? toCents(form.value) : null,
      form.kind === 'percent' ? form.value : null,
      form.startsOn,
      form.endsOn,
      form.usageLimit,
      form.onePerCustomer,
      form.active,
    ];
  }

  private toAdmin(row: CodeRow): AdminDiscount {
    const rule = ruleOf(row);
    return {
      id: Number(row.id),
      code: row.code,
      kind: rule.kind,
      value: rule.value,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
      onePerCustomer: row.one_per_customer,
      active: row.active,
      uses: Number(row.uses ?? 0),
      createdAt: new Date(row.created_at).toISOString(),
    };
  }
}

function taken(code: string): ConflictError {
  return new ConflictError(`A code ${code} exists already`, 'DISCOUNT_CODE_TAKEN');
}

function notFound(): NotFoundError {
  return new NotFoundError('That discount code does not exist', 'DISCOUNT_NOT_FOUND');
}
