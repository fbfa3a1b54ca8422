import { lazy, Suspense, useId } from 'react';
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
import { Skeleton } from '../../../ui/skeleton';
import { useSummary } from './api/summary';
import { formatDateTime, formatDay } from '../shared/format';
import { longDay, ordersCount, shortDay } from './summary-format';
import './summary-tab.css';
import { MetaRow } from '../shared/meta-row';
import { RefreshButton } from '../shared/refresh-button';
import { TableHead } from '../../../ui/table-head';
import { GoLiveCard } from '../go-live/go-live-card';

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
export function SummaryTab() {
  return (
    <div className="admin-stack">
      <GoLiveCard />
      <WeekAtAGlance />
    </div>
  );
}

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
      <div role="status" aria-label="Loading the summary">
        <Skeleton className="skeleton--title" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="skeleton--row" />
        ))}
      </div>
    );
  }

  return (
    <div className="admin-stack">
      <section className="card admin-card" aria-labelledby="summary-sales-title">
        <div className="admin-card__head">
          <h2 id="summary-sales-title">Orders and revenue</h2>
          <RefreshButton query={summary} />
        </div>
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
      </section>

      <RevenueSection days={s.dailyRevenue} />

      <div className="summary-grid">
        <section className="card admin-card" aria-labelledby="summary-ship-title">
          <h2 id="summary-ship-title">Waiting to ship</h2>
          <p className="summary-big">{ordersCount(s.waitingToShip.orders)}</p>
          <p className="muted">
            {s.waitingToShip.oldestAt ? `Oldest placed ${formatDateTime(s.waitingToShip.oldestAt)}.` : 'Nothing is waiting.'}
            {s.waitingToShip.testOrders > 0 && ` Test orders waiting, not counted: ${s.waitingToShip.testOrders}.`}
          </p>
          <Link className="btn btn--outline" to="/admin?tab=orders">
            Open Orders
          </Link>
        </section>

        <section className="card admin-card" aria-labelledby="summary-inbox-title">
          <h2 id="summary-inbox-title">Unread messages</h2>
          <p className="summary-big">{s.unreadMessages}</p>
          <p className="muted">Contact messages and event inquiries not read yet.</p>
          <Link className="btn btn--outline" to="/admin?tab=inbox">
            Open Inbox
          </Link>
        </section>

        <section className="card admin-card" aria-labelledby="summary-stock-title">
          <h2 id="summary-stock-title">Low stock</h2>
          {s.lowStock.length ? (
            <ul className="summary-list">
              {s.lowStock.map((p) => (
                <li key={p.id}>
                  <span className="summary-list__name">{p.name}</span>
                  <span className={p.stockCount === 0 ? 'summary-out' : 'muted'}>
                    {p.stockCount === 0 ? 'Out of stock' : `${p.stockCount} left${p.lowStockThreshold !== null ? ` (low at ${p.lowStockThreshold})` : ''}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nothing is running low.</p>
          )}
        </section>

        <section className="card admin-card" aria-labelledby="summary-stops-title">
          <h2 id="summary-stops-title">Next stops</h2>
          {s.nextStops.length ? (
            <ul className="summary-list">
              {s.nextStops.map((stop) => (
                <li key={stop.id}>
                  <span className="summary-list__name">{stop.title}</span>
                  <span className="muted">
                    {formatDay(stop.date, stop.timeZone)} · {formatStopTimes(stop, localTimeZone())}
                    {stop.location ? ` · ${stop.location}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No stops scheduled.</p>
          )}
          <Link className="btn btn--outline" to="/admin?tab=calendar">
            Open Location Scheduler
          </Link>
        </section>
      </div>

      <section className="card admin-card" aria-labelledby="summary-top-title">
        <h2 id="summary-top-title">Best sellers this month</h2>
        {s.topProducts.byQuantity.length ? (
          <div className="summary-top">
            <TopList title="By quantity" products={s.topProducts.byQuantity} show={(p) => `${p.quantity} sold`} />
            <TopList title="By revenue" products={s.topProducts.byRevenue} show={(p) => formatCents(p.revenueCents)} />
          </div>
        ) : (
          <p className="muted">No sales yet this month.</p>
        )}
      </section>
    </div>
  );
}

function PeriodCard({ period, figures }: { period: SummaryPeriod; figures: Summary['periods'][SummaryPeriod] }) {
  const id = useId();
  return (
    <article className="summary-period" aria-labelledby={id}>
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
    <section className="card admin-card" aria-labelledby="summary-chart-title">
      <h2 id="summary-chart-title">Revenue, last {days.length} days</h2>
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
    </section>
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
