import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminOrderDetail,
  FULFILMENT_ADMIN_LABELS,
  type FulfilmentMoveInput,
  PICKUP_STATUS_LABELS,
  type PickupQueueOrder,
  type PickupStatus,
} from '@cocoa/shared-types';
import { apiFetch, isNetworkError } from '../../../../lib/api-fetch';
import { createOutbox, newOutboxId, QUEUED, startOutboxSync } from '../../../../lib/outbox';
import { errorToast, toast } from '../../../../ui/toast-store';
import { type LiveChangeDispatch, liveQueryKey, type LiveOwnerChange, sendLiveChange } from '../../../live';
import { PICKUP_QUEUE_KEY } from '../../live/api/pickup-key';

/**
 * The owner's tablet at the truck. Check-in, status changes, check-out, order moves and pickup
 * orders' moves made without signal are kept on the tablet (IndexedDB, through the shared outbox of
 * lib/outbox.ts) and replayed in the order they were made when the signal returns, each under the
 * id the tablet made for it as its Idempotency-Key, so a replay whose answer was lost is made once
 * (one e-mail to the customer, one history row).
 *
 * Decisions:
 * - While some changes wait, a new one waits behind them even when the signal is back, so the
 *   server sees them in the order the owner made them.
 * - A change the server refuses on replay (the order was cancelled meanwhile) stays in the list with
 *   the server's message until the owner dismisses it, and is toasted; the replay goes on with the
 *   next one. A change that reached the server is taken off the list once its toast is shown.
 * - Replay runs while the admin is open (the owner's tablet sits on it at the cart), on 'online',
 *   on opening the admin, and every minute while changes wait.
 * - The server records a replayed change at the time it arrives.
 */
export type OwnerChange =
  | LiveOwnerChange
  | { kind: 'order-fulfilment'; orderId: string; orderNumber: AdminOrderDetail['number']; body: FulfilmentMoveInput }
  | { kind: 'pickup-move'; orderId: string; code: string; body: PickupMoveBody };

/** POST /api/admin/pickup/orders/{id}/move: the state to move to; a cancel's reason is said to the customer. */
interface PickupMoveBody {
  to: PickupStatus;
  reason?: string;
}

interface Base {
  id: string;
  savedAt: string;
  change: OwnerChange;
  /** What the list says the change is: 'Check in at Millennium Park', 'Order #1042: Shipped'. */
  label: string;
}
export type OwnerChangeEntry = (Base & { status: 'waiting' }) | (Base & { status: 'sent'; sentAt: string }) | (Base & { status: 'refused'; message: string });

export const OWNER_CHANGES = 'cocoa-owner-changes';

/** POST /api/admin/orders/{id}/fulfilment; `key` makes a replay count once. */
export const moveFulfilment = (id: string, body: FulfilmentMoveInput, key?: string) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/fulfilment`, { method: 'POST', body, idempotencyKey: key });

/** POST /api/admin/pickup/orders/{id}/move; `key` makes a replay count once. 409 when the move is not allowed now. */
const movePickupOrder = (id: string, body: PickupMoveBody, key?: string) =>
  apiFetch<PickupQueueOrder>(`/api/admin/pickup/orders/${encodeURIComponent(id)}/move`, { method: 'POST', body, idempotencyKey: key });

function sendChange(change: OwnerChange, key?: string): Promise<unknown> {
  if (change.kind === 'order-fulfilment') return moveFulfilment(change.orderId, change.body, key);
  if (change.kind === 'pickup-move') return movePickupOrder(change.orderId, change.body, key);
  return sendLiveChange(change, key);
}

const KINDS: readonly string[] = ['live-check-in', 'live-status', 'live-check-out', 'order-fulfilment', 'pickup-move'];

function isEntry(entry: Record<string, unknown>): boolean {
  const change = entry.change as Record<string, unknown> | null;
  if (typeof entry.label !== 'string' || !change || typeof change !== 'object' || !KINDS.includes(change.kind as string)) return false;
  if (change.kind === 'order-fulfilment' && (typeof change.orderId !== 'string' || !['string', 'number'].includes(typeof change.orderNumber))) return false;
  if (change.kind === 'pickup-move' && (typeof change.orderId !== 'string' || typeof change.code !== 'string')) return false;
  if (entry.status === 'waiting') return true;
  if (entry.status === 'refused') return typeof entry.message === 'string';
  return entry.status === 'sent' && typeof entry.sentAt === 'string';
}

export const useOwnerChanges = createOutbox<OwnerChangeEntry, [change: OwnerChange, label: string, id?: string]>({
  name: OWNER_CHANGES,
  isEntry,
  kept: (change, label, id) => ({ fields: { change, label }, id }),
  send: async (entry) => {
    await sendChange(entry.change, entry.id);
    return { id: entry.id, savedAt: entry.savedAt, change: entry.change, label: entry.label, status: 'sent', sentAt: new Date().toISOString() };
  },
  texts: {
    sent: (entry) => ({ title: 'Sent', description: `${entry.label}: made now that the signal is back.` }),
    refused: { title: 'A saved change was refused', fallback: 'The server refused a change saved on this tablet.' },
  },
  toasts: { toast, errorToast },
});

/** What the owner's list and toasts call a change. */
export function ownerChangeLabel(change: OwnerChange, place?: string): string {
  switch (change.kind) {
    case 'live-check-in':
      return `Check in at ${place ?? ('place' in change.body ? change.body.place.label : 'today’s stop')}`;
    case 'live-check-out':
      return 'Check out';
    case 'live-status': {
      const body = change.body;
      if (body.status === 'sold-out') return `Sold out of ${body.product.trim()}`;
      if (body.status === 'back-in-stock') return `${body.product.trim()} back in stock`;
      if (body.status === 'late') return `Running ${body.minutes} minutes late`;
      if (body.status === 'closing') return `Closing in ${body.minutes} minutes`;
      return body.status === 'serving' ? 'Serving now' : 'Closed for today';
    }
    case 'order-fulfilment':
      return `Order #${change.orderNumber}: ${FULFILMENT_ADMIN_LABELS[change.body.to]}${change.body.trackingNumber ? ` (${change.body.trackingNumber})` : ''}`;
    case 'pickup-move':
      return `Pickup ${change.code}: ${PICKUP_STATUS_LABELS[change.body.to]}`;
  }
}

/**
 * Sends a change now, or keeps it on the tablet: when the browser is offline, when earlier changes
 * still wait (order is kept), or when the network fails on the way (kept under the key it was sent
 * with: if it did arrive, the replay is answered as made). Answers the server's answer, or QUEUED.
 * A refusal (4xx, 5xx) is thrown as before: the owner is right there to read it.
 */
export async function sendOrQueue(change: OwnerChange, label: string): Promise<unknown> {
  const queue = useOwnerChanges.getState();
  await queue.hydrate();
  const keep = async (id?: string) => {
    await useOwnerChanges.getState().keep(change, label, id);
    return QUEUED;
  };
  if (!navigator.onLine || useOwnerChanges.getState().entries.some((e) => e.status === 'waiting')) {
    const kept = await keep();
    void useOwnerChanges.getState().flush();
    return kept;
  }
  const id = newOutboxId();
  try {
    return await sendChange(change, id);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return keep(id);
  }
}

/**
 * Mounted by the admin page: replays the waiting changes (see above) and, as each one is made,
 * refreshes what it changed (the live state, the history, the orders, the pickup queue) and takes it off the list.
 */
export function useOwnerChangesSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stop = startOutboxSync(useOwnerChanges);
    const unsubscribe = useOwnerChanges.subscribe((state) => {
      const sent = state.entries.filter((e) => e.status === 'sent');
      if (sent.length === 0) return;
      if (sent.some((e) => e.change.kind.startsWith('live-'))) void client.invalidateQueries({ queryKey: liveQueryKey });
      // The pickup queue is kept on the device with the cart's day, so its key is not under 'admin'.
      if (sent.some((e) => e.change.kind === 'pickup-move')) void client.invalidateQueries({ queryKey: PICKUP_QUEUE_KEY });
      void client.invalidateQueries({ queryKey: ['admin'] });
      for (const entry of sent) void useOwnerChanges.getState().dismiss(entry.id);
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [client]);
}

/** The live hooks' dispatch through this queue; `place` names a check-in's stop in the list. */
export const queuedLiveChange =
  (place?: string): LiveChangeDispatch =>
  (change) =>
    sendOrQueue(change, ownerChangeLabel(change, place));
