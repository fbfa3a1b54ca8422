import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  formatCents,
  formatStopTimes,
  localTimeZone,
  type Summary,
  type SummaryFigures,
  type SummaryPeriod,
  type SummaryTopProduct,
} from '@cocoa/shared-types';
import { LoadProblem } from '../../../ui/load-problem';
import { Skeleton, SkeletonLines } from '../../../ui/skeleton';
import { useSummary } from './api/summary';
import { formatDateTime, formatDay } from '../shared/format';
import { longDay, ordersCount, shortDay } from './summary-format';
import './summary-tab.css';
import { MetaRow } from '../../../ui/meta-row';
import { RefreshButton } from '../shared/refresh-button';
import { TableHead } from '../../../ui/table-head';
import { GoLiveCard } from '../go-live/go-live-card';
import { AdminCard, cardStack } from '../shared/admin-card';

// recharts is only needed once the summary has loaded: its own chunk, not precached (vite.config.ts).
// Offline before it was ever loaded, the figures above and the table stand in for it.
const RevenueChart = lazy(() => import('./revenue-chart').catch(() => ({ default: ChartUnavailable })));

function ChartUnavailable() {
  return <p className="muted">The chart could not be loaded; the figures are above.</p>;
}

const PERIOD_TITLES: Record<SummaryPeriod, string> = { today: 'Today', week: 'This week', month: 'This month' };

/**
 * The admin's first tab: the week at a glance. Orders, revenue and the average order for today,
 * this week (from Monday) and this month in the shop's time zone, with test orders on a line of
 * their own (never added in); the last 30 days as a chart with the same figures as text and a
 * table for screen readers; then what needs doing: orders to ship, unread messages, low stock,
 * the next stops, and the month's best sellers. Refreshed every minute while open.
 */
export const SummaryTab = cardStack(GoLiveCard, WeekAtAGlance);

function WeekAtAGlance() {
  const summary = useSummary();
  const s = summary.data;

  if (!s) {
    if (summary.isError) {
      return (
        <LoadProblem offline="The summary will show once you are back online." failed="Failed to load the summary." onRetry={() => void summary.refetch()} />
      );
    }
    return (
      <SkeletonLines label="Loading the summary" count={4} className="skeleton--row">
        <Skeleton className="skeleton--title" />
      </SkeletonLines>
    );
  }

  return (
    <div className="admin-stack">
      <AdminCard titleId="summary-sales-title" title="Orders and revenue" actions={<RefreshButton query={summary} />}>
        <p className="muted">
          Paid orders, by the day they were placed ({s.timeZone} time; weeks start on {s.weekStartsOn}). Revenue includes shipping and tax, less refunds.
          Updated {formatDateTime(s.generatedAt)}.
        </p>
        {summary.isError && (
          <p className="field__error" role="alert">
            Could not refresh the summary; these figures are from {formatDateTime(s.generatedAt)}.
          </p>
        )}
        <div className="summary-periods">
          {(['today', 'week', 'month'] as const).map((period) => (
            <PeriodCard key={period} period={period} figures={s.periods[period]} />
          ))}
        </div>
      </AdminCard>

      <RevenueSection days={s.dailyRevenue} />

      <div className="summary-grid">
        <CountCard
          id="summary-ship-title"
          title="Waiting to ship"
          count={ordersCount(s.waitingToShip.orders)}
          note={
            <>
              {s.waitingToShip.oldestAt ? `Oldest placed ${formatDateTime(s.waitingToShip.oldestAt)}.` : 'Nothing is waiting.'}
              {s.waitingToShip.testOrders > 0 && ` Test orders waiting, not counted: ${s.waitingToShip.testOrders}.`}
            </>
          }
          tab="orders"
          open="Open Orders"
        />
        <CountCard
          id="summary-inbox-title"
          title="Unread messages"
          count={s.unreadMessages}
          note="Contact messages and event inquiries not read yet."
          tab="inbox"
          open="Open Inbox"
        />

        <AdminCard titleId="summary-stock-title" title="Low stock">
          <SummaryList items={s.lowStock} empty="Nothing is running low." row={lowStockRow} />
        </AdminCard>

        <AdminCard titleId="summary-stops-title" title="Next stops">
          <SummaryList items={s.nextStops} empty="No stops scheduled." row={nextStopRow} />
          <Link className="btn btn--outline" to="/admin?tab=calendar">
            Open Location Scheduler
          </Link>
        </AdminCard>
      </div>

      <AdminCard titleId="summary-top-title" title="Best sellers this month">
        {s.topProducts.byQuantity.length ? (
          <div className="summary-top">
            <TopList title="By quantity" products={s.topProducts.byQuantity} show={(p) => `${p.quantity} sold`} />
            <TopList title="By revenue" products={s.topProducts.byRevenue} show={(p) => formatCents(p.revenueCents)} />
          </div>
        ) : (
          <p className="muted">No sales yet this month.</p>
        )}
      </AdminCard>
    </div>
  );
}

/** A count to act on (orders to ship, messages to read), what it means, and the tab where it is done. */
function CountCard({ id, title, count, note, tab, open }: { id: string; title: string; count: ReactNode; note: ReactNode; tab: string; open: string }) {
  return (
    <AdminCard titleId={id} title={title}>
      <p className="summary-big">{count}</p>
      <p className="muted">{note}</p>
      <Link className="btn btn--outline" to={`/admin?tab=${tab}`}>
        {open}
      </Link>
    </AdminCard>
  );
}

/** A product running low: how many are left, against its own threshold; out of stock stands out. */
const lowStockRow = (p: Summary['lowStock'][number]): SummaryRow => ({
  name: p.name,
  detail: p.stockCount === 0 ? 'Out of stock' : `${p.stockCount} left${p.lowStockThreshold !== null ? ` (low at ${p.lowStockThreshold})` : ''}`,
  detailClassName: p.stockCount === 0 ? 'stock--out summary-out' : 'muted',
});

/** A coming stop: its day, its times and its place. */
const nextStopRow = (stop: Summary['nextStops'][number]): SummaryRow => ({
  name: stop.title,
  detail: `${formatDay(stop.date, stop.timeZone)} · ${formatStopTimes(stop, localTimeZone())}${stop.location ? ` · ${stop.location}` : ''}`,
});

interface SummaryRow {
  name: string;
  detail: string;
  detailClassName?: string;
}

/** Things by name, each with a detail beside it (muted unless `detailClassName` says otherwise); `empty` when there are none. */
function SummaryList<T extends { id: number }>({ items, empty, row }: { items: readonly T[]; empty: string; row: (item: T) => SummaryRow }) {
  if (!items.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="summary-list">
      {items.map((item) => {
        const { name, detail, detailClassName = 'muted' } = row(item);
        return (
          <li key={item.id}>
            <span className="summary-list__name">{name}</span>
            <span className={detailClassName}>{detail}</span>
          </li>
        );
      })}
    </ul>
  );
}

function PeriodCard({ period, figures }: { period: SummaryPeriod; figures: Summary['periods'][SummaryPeriod] }) {
  const id = useId();
  return (
    <article className="card summary-period" aria-labelledby={id}>
      <h3 id={id}>{PERIOD_TITLES[period]}</h3>
      <Figures figures={figures.real} />
      <p className="summary-test">
        <span className="badge">Test orders</span> not included: {ordersCount(figures.test.orders)}, {formatCents(figures.test.revenueCents)}
      </p>
    </article>
  );
}

function Figures({ figures }: { figures: SummaryFigures }) {
  return (
    <dl className="summary-figures">
      <MetaRow term="Orders">{figures.orders}</MetaRow>
      <MetaRow term="Revenue">{formatCents(figures.revenueCents)}</MetaRow>
      <MetaRow term="Average order">{figures.orders ? formatCents(figures.averageCents) : '–'}</MetaRow>
    </dl>
  );
}

/** The chart, its figures in words, and the same figures as a table for screen readers. */
function RevenueSection({ days }: { days: Summary['dailyRevenue'] }) {
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const best = days.reduce<Summary['dailyRevenue'][number] | null>(
    (top, d) => (d.revenueCents > 0 && (!top || d.revenueCents > top.revenueCents) ? d : top),
    null,
  );
  return (
    <AdminCard titleId="summary-chart-title" title={`Revenue, last ${days.length} days`}>
      <p>
        {formatCents(total)} from {ordersCount(orders)} between {shortDay(days[0].day)} and {shortDay(days[days.length - 1].day)}
        {best ? `; best day ${shortDay(best.day)} with ${formatCents(best.revenueCents)}.` : '.'}
      </p>
      <div className="summary-chart" aria-hidden="true">
        <Suspense fallback={<Skeleton className="summary-chart__placeholder" />}>
          <RevenueChart days={days} />
        </Suspense>
      </div>
      <table className="visually-hidden">
        <caption>Revenue per day, last {days.length} days (real orders only)</caption>
        <TableHead columns={['Day', 'Orders', 'Revenue']} />
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{longDay(d.day)}</th>
              <td>{d.orders}</td>
              <td>{formatCents(d.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminCard>
  );
}

function TopList({ title, products, show }: { title: string; products: SummaryTopProduct[]; show: (p: SummaryTopProduct) => string }) {
  const id = useId();
  return (
    <div>
      <h3 id={id}>{title}</h3>
      <ol className="summary-list" aria-labelledby={id}>
        {products.map((p) => (
          <li key={`${p.productId ?? 'deleted'}-${p.name}`}>
            <span className="summary-list__name">{p.name}</span>
            <span className="muted">{show(p)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
