import { useMemo } from 'react';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { dayIn, DEFAULT_SHOP_TIME_ZONE, type LiveState, PICKUP_MOVES, type PickupQueueOrder, type PickupStatus } from '@cocoa/shared-types';
import { liveQueryKey, prefetchCartDay } from '../../../live';
import { adminGetList } from '../../shared/api/admin-get';
import { type OwnerChangeEntry, useOwnerChanges } from '../../shared/api/change-queue';
import { PICKUP_QUEUE_KEY } from './pickup-key';

/** How often the open queue asks for new orders: a new order shows within this time. */
export const PICKUP_POLL_MS = 2_000;

/**
 * A pickup order as the queue keeps it, on this device too: what the owner works with at the cart
 * and nothing more (the first name, the items, the time, the code, the state). The phone, the
 * e-mail, the full name and the amounts stay on the server.
 */
export interface QueueOrder {
  id: string;
  code: string;
  /** The first word of the name given: what the cart calls out. */
  firstName: string;
  items: Array<{ name: string; quantity: number }>;
  stopId: number;
  stopName: string;
  /** ISO instants: the slot chosen, and the time to come (the slot moved by the delays). */
  slotStart: string;
  pickupAt: string;
  delayMinutes: number;
  status: PickupStatus;
  moves: PickupStatus[];
  testMode: boolean;
}

/** The queue's copy of one order of GET /api/admin/pickup/orders (or of a move's answer). */
export function queueOrderOf(order: PickupQueueOrder): QueueOrder {
  return {
    id: order.id,
    code: order.code,
    firstName: order.name.trim().split(/\s+/)[0] ?? '',
    items: order.items.map(({ name, quantity }) => ({ name, quantity })),
    stopId: order.stopId,
    stopName: order.stopName,
    slotStart: order.slotStart,
    pickupAt: order.pickupAt,
    delayMinutes: order.delayMinutes,
    status: order.status,
    moves: [...order.moves],
    testMode: order.testMode,
  };
}

/**
 * GET /api/admin/pickup/orders?date=<today in the shop's zone>: today's pickup orders by pickup
 * time, asked again every PICKUP_POLL_MS while the Live tab is open and the app is in front
 * (TanStack Query stops polling in the background).
 */
export const pickupOrdersQueryOptions = (timeZone: string, now = new Date()) => {
  const day = dayIn(now, timeZone);
  return queryOptions({
    queryKey: [...PICKUP_QUEUE_KEY, day] as const,
    queryFn: async ({ signal }) => {
      const orders = await adminGetList<PickupQueueOrder>(`/api/admin/pickup/orders?${new URLSearchParams({ date: day }).toString()}`, signal);
      return orders.map(queueOrderOf);
    },
    staleTime: 0,
    refetchInterval: PICKUP_POLL_MS,
  });
};

/** A queued order as the owner left it: the moves still waiting on this tablet, applied in order. */
export type QueueCard = QueueOrder & { waiting: boolean };

function withWaitingMoves(orders: QueueOrder[], entries: OwnerChangeEntry[]): QueueCard[] {
  const last = new Map<string, PickupStatus>();
  for (const entry of entries) if (entry.status === 'waiting' && entry.change.kind === 'pickup-move') last.set(entry.change.orderId, entry.change.body.to);
  return orders.map((order) => {
    const to = last.get(order.id);
    return to ? { ...order, status: to, moves: [...PICKUP_MOVES[to]], waiting: true } : { ...order, waiting: false };
  });
}

/** Today's pickup queue, with the moves made without signal shown as made. */
export function usePickupQueue(timeZone: string) {
  const query = useQuery(pickupOrdersQueryOptions(timeZone));
  const entries = useOwnerChanges((state) => state.entries);
  const cards = useMemo(() => (query.data ? withWaitingMoves(query.data, entries) : undefined), [query.data, entries]);
  return { query, cards };
}

/**
 * What the tablet takes along when the admin opens (prefetchCartDay: the cart's state and today's
 * stops), and today's pickup queue; a copy of an earlier day is dropped. Never rejects.
 */
export async function prefetchOwnerDay(client: QueryClient): Promise<void> {
  await prefetchCartDay(client);
  const timeZone = client.getQueryData<{ state?: LiveState }>(liveQueryKey)?.state?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  const today = pickupOrdersQueryOptions(timeZone);
  client.removeQueries({ queryKey: PICKUP_QUEUE_KEY, predicate: (query) => query.queryKey[1] !== today.queryKey[1] });
  await client.prefetchQuery(today);
}
