import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_ORDERS_PAGE_DEFAULT,
  type AdminOrderSummary,
  formatCents,
  canMoveFulfilment,
  FULFILMENT_ACTION_LABELS,
  FULFILMENT_ADMIN_LABELS,
  FULFILMENT_STATUSES,
  TEST_ORDER_FILTERS,
  type TestOrderFilter,
} from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { SkeletonLines } from '../../../ui/skeleton';
import { type OrdersFilter, useAdminOrders } from './api/list';
import { formatDateTime } from '../shared/format';
import { OrderDetail } from './order-detail';
import './orders.css';
import { RefreshButton } from '../shared/refresh-button';
import { SwipeRow } from '../shared/swipe-row';
import { useMoveFulfilment } from './api/move-fulfilment';
import { LoadFailed } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';
import { OrderStatePill } from './order-state-pill';
import { LabelledOptions } from '../../../ui/labelled-options';

const TEST_LABELS: Record<TestOrderFilter, string> = { all: 'Test and real', exclude: 'Real orders only', only: 'Test orders only' };
const PAYMENT_LABELS = {
  '': 'Paid or settled',
  COMPLETED: 'Paid',
  OPEN: 'Approved, not captured',
  CANCELED: 'Payment canceled',
  PENDING: 'Waiting for payment',
} as const;

interface Filters {
  q: string;
  fulfilment: string;
  status: string;
  from: string;
  to: string;
  test: TestOrderFilter;
}
const NO_FILTERS: Filters = { q: '', fulfilment: '', status: '', from: '', to: '', test: 'all' };

/**
 * A row of the list; a swipe offers the move the owner makes down the list at the packing table
 * (a paid order's "Mark packed"). Shipping asks for the tracking number, so it stays in the order.
 */
function OrderRow({ order, onOpen }: { order: AdminOrderSummary; onOpen: () => void }) {
  const move = useMoveFulfilment(order.id, order.number);
  const canPack = order.status === 'COMPLETED' && canMoveFulfilment(order.fulfilmentStatus, 'packed');
  const actions = canPack ? [{ label: FULFILMENT_ACTION_LABELS.packed, onAct: () => move.mutate({ to: 'packed' }), disabled: move.isPending }] : [];
  return (
    <SwipeRow actions={actions}>
      <button
        type="button"
        className="orders-row"
        onClick={onOpen}
        aria-label={`Open order #${order.number}, ${order.customerName}, ${formatCents(order.totalCents)}`}
      >
        <span className="orders-row__number">#{order.number}</span>
        <span className="orders-row__who">
          <span className="orders-row__name">{order.customerName}</span>
          <span className="muted admin-break">{order.email}</span>
        </span>
        <span className="orders-row__when muted">{formatDateTime(order.createdAt)}</span>
        <span className="orders-row__total">
          {formatCents(order.totalCents)}
          {order.refundedCents > 0 && <span className="muted"> (−{formatCents(order.refundedCents)})</span>}
          <span className="muted">
            {' '}
            · {order.itemCount} item{order.itemCount === 1 ? '' : 's'}
          </span>
        </span>
        <span className="orders-row__state">
          <OrderStatePill order={order} />
          {order.testMode && <span className="badge badge--test">TEST</span>}
        </span>
      </button>
    </SwipeRow>
  );
}

/**
 * Orders, tablet first: search by number, name or e-mail; filter by fulfilment,
 * payment, days and test orders; newest first, a page at a time. Opening an order keeps it in the
 * address (?order=), so the new-order e-mail's link opens it and the back button returns to the list.
 */
export function OrdersTab() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const ids = { q: useId(), fulfilment: useId(), status: useId(), from: useId(), to: useId(), test: useId() };
  const query: OrdersFilter = { ...filters, page, pageSize: ADMIN_ORDERS_PAGE_DEFAULT };
  const orders = useAdminOrders(query);

  const change = (patch: Partial<Filters>) => {
    setFilters((old) => ({ ...old, ...patch }));
    setPage(1);
  };
  const openOrder = (id: string | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (id) next.set('order', id);
      else next.delete('order');
      return next;
    });

  if (openId) return <OrderDetail id={openId} onBack={() => openOrder(null)} />;

  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <div className="admin-stack">
      <AdminCard titleId="orders-title" title="Orders" actions={<RefreshButton query={orders} />}>
        <form
          className="orders-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            change({ q: search.trim() });
          }}
        >
          <label htmlFor={ids.q} className="visually-hidden">
            Search orders
          </label>
          <input
            id={ids.q}
            type="search"
            value={search}
            placeholder="Order number, name or e-mail"
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className="btn btn--primary">
            Search
          </button>
        </form>
        <div className="orders-filters">
          <div className="field">
            <label htmlFor={ids.fulfilment}>Fulfilment</label>
            <select id={ids.fulfilment} value={filters.fulfilment} onChange={(e) => change({ fulfilment: e.target.value })}>
              <option value="">All</option>
              <LabelledOptions values={FULFILMENT_STATUSES} labels={FULFILMENT_ADMIN_LABELS} />
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.status}>Payment</label>
            <select id={ids.status} value={filters.status} onChange={(e) => change({ status: e.target.value })}>
              {Object.entries(PAYMENT_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.from}>From</label>
            <input id={ids.from} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => change({ from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>To</label>
            <input id={ids.to} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => change({ to: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={ids.test}>Test orders</label>
            <select id={ids.test} value={filters.test} onChange={(e) => change({ test: e.target.value as TestOrderFilter })}>
              <LabelledOptions values={TEST_ORDER_FILTERS} labels={TEST_LABELS} />
            </select>
          </div>
          {filtered && (
            <button
              type="button"
              className="btn btn--outline orders-filters__clear"
              onClick={() => {
                setSearch('');
                change(NO_FILTERS);
              }}
            >
              Clear filters
            </button>
          )}
        </div>

        {orders.isPending ? (
          <SkeletonLines label="Loading orders" count={4} />
        ) : orders.isError && !data ? (
          <LoadFailed message={messageOf(orders.error, 'Failed to load orders. Please try again.')} onRetry={() => void orders.refetch()} />
        ) : !data?.orders.length ? (
          <p className="empty-state">{filtered ? 'No orders match these filters.' : 'No orders yet.'}</p>
        ) : (
          <>
            <ul className="orders-list" aria-label="Orders" aria-busy={orders.isPlaceholderData}>
              {data.orders.map((order) => (
                <OrderRow key={order.id} order={order} onOpen={() => openOrder(order.id)} />
              ))}
            </ul>
            <nav className="admin-pager" aria-label="Pages of orders">
              <button type="button" className="btn btn--outline" disabled={page <= 1 || orders.isFetching} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span aria-live="polite">
                Page {data.page} of {pages} · {data.total} order{data.total === 1 ? '' : 's'}
              </span>
              <button type="button" className="btn btn--outline" disabled={page >= pages || orders.isFetching} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          </>
        )}
      </AdminCard>
    </div>
  );
}
