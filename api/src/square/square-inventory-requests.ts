import type { Square } from 'square';
import { squareSdk } from './square-sdk';

/**
 * The Inventory API's bodies (docs/operations.md, "Stock with Square connected"), built within the
 * limits Square documents for them (square/square-nodejs-sdk, legacy/doc/models/: BatchChangeInventoryRequest,
 * InventoryAdjustment, BatchRetrieveInventoryCountsRequest), and the check of those limits that the
 * local double of Square applies to what it receives. Pure functions.
 */

/** BatchChangeInventoryRequest.idempotency_key: "Minimum Length: 1, Maximum Length: 128". */
const IDEMPOTENCY_KEY_MAX = 128;
/** BatchChangeInventoryRequest.changes: Square takes at most 100 changes in one request. */
const INVENTORY_CHANGES_MAX = 100;
/** BatchRetrieveInventoryCountsRequest.limit: ">= 1, <= 1000". */
const COUNTS_LIMIT_MAX = 1000;
/** InventoryAdjustment: "Maximum Length" of each string field we send. */
const ADJUSTMENT_MAX: Record<string, number> = {
  reference_id: 255,
  from_state: 100,
  to_state: 100,
  location_id: 100,
  from_location_id: 100,
  to_location_id: 100,
  catalog_object_id: 100,
  catalog_object_type: 14,
  quantity: 26,
  occurred_at: 34,
};
/** "The number of items ... as a decimal string. Can support up to 5 digits after the decimal point." */
const DECIMAL = /^-?\d+(\.\d{1,5})?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** One online sale's line: a variation Square counts, and how many were sold. */
export interface InventorySaleLine {
  variationId: string;
  quantity: number;
}

/**
 * POST /v2/inventory/changes/batch-create for one online order: one ADJUSTMENT per variation from
 * IN_STOCK to SOLD at the location, at most 100 changes a request (more lines make more requests).
 * Each request's key is derived from the order (and its part), so sending it again after a lost
 * answer or a retried job makes no second sale at Square.
 */
export function buildSaleRequests(sale: {
  orderId: string;
  locationId: string;
  occurredAt: Date;
  lines: readonly InventorySaleLine[];
}): Square.BatchChangeInventoryRequest[] {
  const merged = new Map<string, number>();
  for (const l of sale.lines) merged.set(l.variationId, (merged.get(l.variationId) ?? 0) + l.quantity);
  const changes = [...merged].map(([variationId, quantity]): Square.InventoryChange => {
    // The adjustment's location: the SDK's (and Square's current) from_location_id and to_location_id, both the shop's.
    const adjustment: Square.InventoryAdjustment = {
      referenceId: sale.orderId,
      fromState: 'IN_STOCK',
      toState: 'SOLD',
      fromLocationId: sale.locationId,
      toLocationId: sale.locationId,
      catalogObjectId: variationId,
      quantity: String(quantity),
      occurredAt: sale.occurredAt.toISOString(),
    };
    return { type: 'ADJUSTMENT', adjustment };
  });
  const requests: Square.BatchChangeInventoryRequest[] = [];
  for (let i = 0; i < changes.length; i += INVENTORY_CHANGES_MAX) {
    const part = i / INVENTORY_CHANGES_MAX;
    requests.push({
      idempotencyKey: `sale-${sale.orderId}${part > 0 ? `-${part}` : ''}`.slice(0, IDEMPOTENCY_KEY_MAX),
      changes: changes.slice(i, i + INVENTORY_CHANGES_MAX),
      ignoreUnchangedCounts: true,
    });
  }
  return requests;
}

/** POST /v2/inventory/counts/batch-retrieve: the IN_STOCK counts of these variations at the location (the SDK follows the cursor). */
export function buildCountsRequest(variationIds: readonly string[], locationId: string): Square.BatchGetInventoryCountsRequest {
  return { catalogObjectIds: [...variationIds], locationIds: [locationId], states: ['IN_STOCK'], limit: COUNTS_LIMIT_MAX };
}

/**
 * A count's quantity as whole units for the shop: Square's decimal string (up to 5 decimals, maybe
 * negative), floored; a negative count is 0. Null when it is not a decimal string.
 */
export function wholeUnits(quantity: string): number | null {
  const q = quantity.trim();
  if (!DECIMAL.test(q)) return null;
  if (q.startsWith('-')) return 0;
  const whole = Number(q.split('.')[0]);
  return Number.isSafeInteger(whole) ? whole : null;
}

const isInventoryState = (v: unknown) => typeof v === 'string' && Object.values<string>(squareSdk().Square.InventoryState).includes(v);

interface InventoryFieldError {
  category: 'INVALID_REQUEST_ERROR';
  code: string;
  detail: string;
  field: string;
}

/** What Square refuses in a BatchChangeInventory or BatchRetrieveInventoryCounts body (wire JSON), as its 400 errors. */
export function squareInventoryErrors(path: string, body: Record<string, unknown> | undefined): InventoryFieldError[] {
  const errors: InventoryFieldError[] = [];
  const error = (code: string, detail: string, field: string) => errors.push({ category: 'INVALID_REQUEST_ERROR', code, detail, field });
  if (path === '/v2/inventory/changes/batch-create') {
    const key = body?.idempotency_key;
    if (typeof key !== 'string' || key.length < 1) error('MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', 'idempotency_key');
    else if (key.length > IDEMPOTENCY_KEY_MAX) error('VALUE_TOO_LONG', `Field must not be greater than ${IDEMPOTENCY_KEY_MAX} length`, 'idempotency_key');
    const changes = Array.isArray(body?.changes) ? (body.changes as Record<string, unknown>[]) : [];
    if (changes.length > INVENTORY_CHANGES_MAX) error('ARRAY_LENGTH_TOO_LONG', `At most ${INVENTORY_CHANGES_MAX} changes are allowed.`, 'changes');
    changes.forEach((change, i) => {
      if (change.type !== 'ADJUSTMENT' && change.type !== 'PHYSICAL_COUNT' && change.type !== 'TRANSFER')
        return error('INVALID_ENUM_VALUE', 'Invalid change type.', `changes[${i}].type`);
      if (change.type !== 'ADJUSTMENT') return;
      const a = (change.adjustment ?? {}) as Record<string, unknown>;
      const at = (f: string) => `changes[${i}].adjustment.${f}`;
      for (const f of ['from_state', 'to_state', 'catalog_object_id', 'quantity'])
        if (typeof a[f] !== 'string' || a[f].length === 0) error('MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', at(f));
      // The location: location_id in Square's older versions, from_location_id and to_location_id in the current one.
      if (!a.location_id && !(a.from_location_id && a.to_location_id)) error('MISSING_REQUIRED_PARAMETER', 'Missing required parameter.', at('location_id'));
      for (const [f, max] of Object.entries(ADJUSTMENT_MAX))
        if (typeof a[f] === 'string' && a[f].length > max) error('VALUE_TOO_LONG', `Field must not be greater than ${max} length`, at(f));
      for (const f of ['from_state', 'to_state'])
        if (a[f] !== undefined && !isInventoryState(a[f])) error('INVALID_ENUM_VALUE', 'Invalid inventory state.', at(f));
      if (typeof a.quantity === 'string' && !DECIMAL.test(a.quantity)) error('VALUE_REGEX_MISMATCH', 'Quantity must be a decimal string.', at('quantity'));
      if (a.occurred_at !== undefined && (typeof a.occurred_at !== 'string' || !RFC3339.test(a.occurred_at)))
        error('INVALID_TIME', 'occurred_at must be an RFC 3339 time.', at('occurred_at'));
    });
  }
  if (path === '/v2/inventory/counts/batch-retrieve') {
    const limit = body?.limit;
    if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > COUNTS_LIMIT_MAX))
      error('INVALID_VALUE', `limit must be between 1 and ${COUNTS_LIMIT_MAX}.`, 'limit');
    const states = Array.isArray(body?.states) ? body.states : [];
    states.forEach((s, i) => {
      if (!isInventoryState(s)) error('INVALID_ENUM_VALUE', 'Invalid inventory state.', `states[${i}]`);
    });
  }
  return errors;
}
