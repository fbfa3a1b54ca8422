import { formatCents, toCents } from '@cocoa/shared-types';
import './order-summary.css';

/** The sums of an order being placed, in cents: shipping for a parcel, a tip for a pickup order. */
export interface SummaryTotals {
  subtotal: number;
  /** What a discount code takes off the subtotal (shown as a negative amount). */
  discount?: number;
  shipping?: number;
  tax: number;
  tip?: number;
  total: number;
  /** The tax rate applied, in percent, shown beside the tax. */
  taxPercent?: number;
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
  /** Undefined while the rates load: the lines show, the sums wait. */
  totals: SummaryTotals | undefined;
  /** Shown instead of the lines while there are none. */
  empty?: string;
  className?: string;
}

/** An order's lines with their prices, then the subtotal, shipping or tip, the tax and the total. */
export function OrderSummary({ name, title, lines, totals, empty, className = '' }: OrderSummaryProps) {
  // While the rates load, the subtotal is the lines' alone and the other sums wait.
  const shown = (key: keyof SummaryTotals) =>
    totals
      ? formatCents((key === 'discount' ? -1 : 1) * (totals[key] ?? 0))
      : key === 'subtotal'
        ? formatCents(lines.reduce((cents, line) => cents + toCents(line.price) * line.quantity, 0))
        : '…';
  const sum = (label: string, key: keyof SummaryTotals, extra = '') => (
    <div className={extra}>
      <dt>{label}</dt>
      <dd data-testid={`${name}-${key}`}>{shown(key)}</dd>
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
        {!!totals?.discount && sum('Discount', 'discount')}
        {(!totals || totals.shipping !== undefined) && sum('Shipping', 'shipping')}
        {sum(totals?.taxPercent !== undefined ? `Tax (${totals.taxPercent}%)` : 'Tax', 'tax')}
        {totals?.tip !== undefined && sum('Tip', 'tip')}
        {sum('Total', 'total', 'summary__total')}
      </dl>
    </aside>
  );
}
