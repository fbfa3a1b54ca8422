import { formatCents, TAX_RATE, toCents } from '@cocoa/shared-types';
import './order-summary.css';

/** The sums of an order being placed, in cents: shipping for a parcel, a tip for a pickup order. */
export interface SummaryTotals {
  subtotal: number;
  shipping?: number;
  tax: number;
  tip?: number;
  total: number;
}

/** A line as the summary shows it (a cart line, or a pickup order's line keyed by its drink and options); price in dollars, each. */
interface SummaryLine {
  id: number | string;
  name: string;
  price: number;
  quantity: number;
}

interface OrderSummaryProps {
  /** Names the heading's id and each sum's test id: `${name}-subtotal` ... */
  name: string;
  title: string;
  lines: readonly SummaryLine[];
  totals: SummaryTotals;
  /** Shown instead of the lines while there are none. */
  empty?: string;
  className?: string;
}

/** An order's lines with their prices, then the subtotal, shipping or tip, the tax and the total. */
export function OrderSummary({ name, title, lines, totals, empty, className = '' }: OrderSummaryProps) {
  const sum = (label: string, key: keyof SummaryTotals, extra = '') => (
    <div className={extra}>
      <dt>{label}</dt>
      <dd data-testid={`${name}-${key}`}>{formatCents(totals[key] ?? 0)}</dd>
    </div>
  );
  return (
    <aside className={`summary card ${className}`.trim()} aria-labelledby={`${name}-summary-title`}>
      <h2 id={`${name}-summary-title`}>{title}</h2>
      {lines.length === 0 && empty ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="order-summary__lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span>
                {line.name} <span className="muted">× {line.quantity}</span>
              </span>
              <span>{formatCents(toCents(line.price) * line.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl>
        {sum('Subtotal', 'subtotal')}
        {totals.shipping !== undefined && sum('Shipping', 'shipping')}
        {sum(`Tax (${Math.round(TAX_RATE * 100)}%)`, 'tax')}
        {totals.tip !== undefined && sum('Tip', 'tip')}
        {sum('Total', 'total', 'summary__total')}
      </dl>
    </aside>
  );
}
