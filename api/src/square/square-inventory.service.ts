import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Square } from 'square';
import type { EntityManager } from 'typeorm';
import { type SquareCountsApplied, type SquareStockCount, StockService } from '../catalogue/stock.service';
import { log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { JobsService, PERSISTENT_RETRY, type WorkOptions } from '../jobs/jobs.service';
import { buildCountsRequest, buildSaleRequests, type InventorySaleLine, wholeUnits } from './square-inventory-requests';
import { SquareGateway } from './square.gateway';

/** The queue of the periodic read of Square's counts. */
export const SQUARE_INVENTORY_READ_JOB = 'square.inventory-read';
/** The queue of online sales sent to Square as inventory adjustments, one job per paid order. */
export const SQUARE_INVENTORY_SALE_JOB = 'square.inventory-sale';

/** The read runs again at the next period: a failed one is not retried. */
const READ_JOB_OPTIONS: WorkOptions = { policy: 'stately', retryLimit: 0, pollingIntervalSeconds: 5, expireInSeconds: 300 };
/** A sale Square did not take is tried again (PERSISTENT_RETRY). Its idempotency key keeps a retry from selling twice. */
const SALE_JOB_OPTIONS: WorkOptions = PERSISTENT_RETRY;

/** One of Square's inventory counts as an event or a read carries it (InventoryCount). */
export interface SquareInventoryCountFacts {
  variationId: string;
  locationId: string;
  /** Square's InventoryState: only IN_STOCK is the stock the shop sells from. */
  state: string;
  /** A decimal string, up to 5 decimals, maybe negative. */
  quantity: string;
  /** RFC 3339. */
  calculatedAt: string;
}

/** An online order paid: what its job sends to Square. */
export interface SquareInventorySale {
  orderId: string;
  /** The Square order it was paid with: its catalogue lines Square counts down itself. */
  squareOrderId: string | null;
  /** When it was paid (the adjustment's occurred_at), ISO 8601. */
  occurredAt: string;
  lines: InventorySaleLine[];
}

/**
 * One stock with the cart's Square Point of Sale (docs/operations.md, "Stock with Square connected").
 * With Square connected:
 * - Square's counts set the online stock: `inventory.count.updated` events (through the webhook's
 *   job), the periodic read (BatchRetrieveInventoryCounts every SQUARE_INVENTORY_READ_MINUTES) and
 *   the counts Square answers a sale with all go through `applyCounts`: a count of a synced
 *   variation, at the shop's location (SQUARE_LOCATION_ID, else the first active one), in state
 *   IN_STOCK, floored to whole units (negative: 0), sets the product's stock unless a count Square
 *   calculated later was applied already.
 * - An online order paid is one BatchChangeInventory (IN_STOCK → SOLD per line), queued in the
 *   transaction that settles the order and sent by a job, never on the request path. Only lines
 *   whose variation Square counts are sent (a product Square does not count would go negative
 *   there), and not those the Square order carries as catalogue lines: Square counts those down
 *   itself when the order is paid, and sending them again would sell them twice.
 * Without Square nothing here runs and the local stock works as before (StockService).
 */
@Injectable()
export class SquareInventoryService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: SquareGateway,
    private readonly stock: StockService,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work(SQUARE_INVENTORY_READ_JOB, async () => void (await this.readCounts()), READ_JOB_OPTIONS);
    await this.jobs.work<SquareInventorySale>(SQUARE_INVENTORY_SALE_JOB, ({ data }) => this.sendSale(data), SALE_JOB_OPTIONS);
    // Tests send the read's job themselves.
    if (this.config.NODE_ENV !== 'test') await this.jobs.schedule(SQUARE_INVENTORY_READ_JOB, `*/${this.config.SQUARE_INVENTORY_READ_MINUTES} * * * *`);
  }

  /** Square's counts applied to the stock by the rule above; null while Square is not connected (nothing changes). */
  async applyCounts(counts: readonly SquareInventoryCountFacts[]): Promise<SquareCountsApplied | null> {
    const connection = await this.gateway.connection();
    if (!connection) return null;
    return this.applyAt(await this.gateway.locationId(connection), counts);
  }

  /** The periodic read: Square's IN_STOCK counts of every synced variation at the shop's location. */
  async readCounts(): Promise<SquareCountsApplied | null> {
    const connection = await this.gateway.connection();
    if (!connection) return null;
    const variationIds = await this.stock.squareVariationIds();
    const locationId = await this.gateway.locationId(connection);
    if (variationIds.length === 0 || !locationId) return { applied: 0, stale: 0, unmatched: 0 };
    const counts = await this.gateway.inventoryCounts(connection, buildCountsRequest(variationIds, locationId));
    const result = await this.applyAt(
      locationId,
      counts.map(countFacts).filter((c) => c !== null),
    );
    if (result.applied > 0) log('info', 'square stock counts read', { ...result });
    return result;
  }

  /** Queues the sale of a paid online order in the caller's transaction (rolled back, nothing is sent). */
  async queueSale(manager: EntityManager, sale: SquareInventorySale): Promise<void> {
    if (sale.lines.length === 0) return;
    await this.jobs.send(SQUARE_INVENTORY_SALE_JOB, sale, { manager });
  }

  /** The sale's job: the adjustments of the variations Square counts, then Square's counts after them. */
  private async sendSale(sale: SquareInventorySale): Promise<void> {
    const connection = await this.gateway.connection();
    if (!connection) return log('info', 'online sale not sent to Square: Square is not connected', { orderId: sale.orderId });
    const counted = await this.stock.squareCountedVariationIds(sale.lines.map((l) => l.variationId));
    const counts = sale.lines.filter((l) => counted.has(l.variationId));
    if (counts.length === 0) return;
    const countedBySquare = sale.squareOrderId ? await this.gateway.orderCatalogVariationIds(connection, sale.squareOrderId) : new Set<string>();
    const lines = counts.filter((l) => !countedBySquare.has(l.variationId));
    if (lines.length === 0) return;
    const locationId = await this.gateway.locationId(connection);
    if (!locationId) throw new Error('Square has no location to record the sale at');
    const after: Square.InventoryCount[] = [];
    for (const request of buildSaleRequests({ orderId: sale.orderId, locationId, occurredAt: new Date(sale.occurredAt), lines })) {
      after.push(...(await this.gateway.changeInventory(connection, request)));
    }
    log('info', 'online sale sent to Square', { orderId: sale.orderId, lines: lines.length });
    await this.applyAt(
      locationId,
      after.map(countFacts).filter((c) => c !== null),
    );
  }

  private async applyAt(locationId: string | null, counts: readonly SquareInventoryCountFacts[]): Promise<SquareCountsApplied> {
    const usable: SquareStockCount[] = [];
    for (const c of counts) {
      if (!locationId || c.locationId !== locationId || c.state !== 'IN_STOCK') continue;
      const quantity = wholeUnits(c.quantity);
      const calculatedAt = new Date(c.calculatedAt);
      if (quantity === null || Number.isNaN(calculatedAt.getTime())) {
        log('warn', 'square stock count not understood, skipped', { variationId: c.variationId, quantity: c.quantity, calculatedAt: c.calculatedAt });
        continue;
      }
      usable.push({ variationId: c.variationId, quantity, calculatedAt });
    }
    return this.stock.applySquareCounts(usable);
  }
}

/** The SDK's InventoryCount as the shop reads it; null without the fields the rule needs. */
function countFacts(c: Square.InventoryCount): SquareInventoryCountFacts | null {
  if (!c.catalogObjectId || !c.locationId || !c.state || c.quantity === undefined || c.quantity === null || !c.calculatedAt) return null;
  return { variationId: c.catalogObjectId, locationId: c.locationId, state: c.state, quantity: c.quantity, calculatedAt: c.calculatedAt };
}
