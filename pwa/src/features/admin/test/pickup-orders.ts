import { PICKUP_MOVES, type PickupQueueOrder } from '@cocoa/shared-types';

/**
 * One order of the owner's pickup queue as GET /api/admin/pickup/orders answers it: Ana's two Iced
 * Mochas at stop 7, accepted, for `slotStart`; the moves its state allows unless given.
 */
export function pickupQueueOrder(fields: Partial<PickupQueueOrder> & Pick<PickupQueueOrder, 'id' | 'code' | 'slotStart'>): PickupQueueOrder {
  const status = fields.status ?? 'accepted';
  return {
    orderNumber: '1001',
    stopId: 7,
    stopName: 'Millennium Park',
    address: '201 E Randolph St',
    pickupAt: fields.slotStart,
    delayMinutes: 0,
    status,
    name: 'Ana Lopez',
    timeZone: 'America/Chicago',
    phone: '+1 312-555-0100',
    email: 'ana@example.com',
    items: [{ name: 'Iced Mocha', quantity: 2 }],
    total: 12.5,
    tip: 1.9,
    testMode: false,
    createdAt: fields.slotStart,
    moves: [...PICKUP_MOVES[status]],
    ...fields,
  };
}
