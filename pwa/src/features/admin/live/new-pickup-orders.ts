import { create } from 'zustand';
import type { PickupStatus } from '@cocoa/shared-types';

/** The states of an order the owner has yet to make: a new one in these raises the alert. */
const NEW_STATES: readonly PickupStatus[] = ['placed', 'accepted'];

interface NewOrdersState {
  /** The orders this session has seen; null until the queue's first list (those are not news). */
  seen: ReadonlySet<string> | null;
  /** New orders not yet acknowledged, in the order they came. */
  fresh: readonly string[];
  /** Takes a list in; answers the ids that are news (not seen before, still to be made). */
  notice: (orders: ReadonlyArray<{ id: string; status: PickupStatus }>) => string[];
  /** The owner has seen one (a move made on it), or all of them (the banner's OK). */
  acknowledge: (id?: string) => void;
}

/**
 * New pickup orders, for this session of the app (one tablet, one owner): the first list the queue
 * shows (from the device or the server) is what the owner already had; any order after it with an
 * id not seen before is news until acknowledged, even one that came while another tab was open.
 */
export const useNewPickupOrders = create<NewOrdersState>((set, get) => ({
  seen: null,
  fresh: [],
  notice: (orders) => {
    const { seen, fresh } = get();
    const arrived = seen ? orders.filter((o) => !seen.has(o.id) && NEW_STATES.includes(o.status)).map((o) => o.id) : [];
    if (seen && orders.every((o) => seen.has(o.id))) return [];
    set({ seen: new Set([...(seen ?? []), ...orders.map((o) => o.id)]), fresh: [...fresh, ...arrived] });
    return arrived;
  },
  acknowledge: (id) => set(({ fresh }) => ({ fresh: id ? fresh.filter((f) => f !== id) : [] })),
}));
