import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, type Summary } from '@cocoa/shared-types';
import { useReducedMotion } from '../../../lib/use-media-query';
import { shortDay } from './summary-format';

/**
 * The summary's daily revenue bars (recharts, loaded with this chunk only when the Summary tab
 * shows). Drawing only: the summary tab gives the same figures as text and as a table for
 * screen readers, so the chart is hidden from them and takes no keyboard focus.
 */
export default function RevenueChart({ days }: { days: Summary['dailyRevenue'] }) {
  const reducedMotion = useReducedMotion();
  const data = days.map((d) => ({ label: shortDay(d.day), revenue: d.revenueCents / 100, orders: d.orders }));
  return (
    <BarChart responsive style={{ width: '100%', height: 220 }} data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
      <CartesianGrid vertical={false} strokeDasharray="3 3" />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
      <YAxis tickFormatter={(value: number) => `$${value}`} tick={{ fontSize: 12 }} width={64} allowDecimals={false} />
      <Tooltip formatter={(value) => [formatPrice(value), 'Revenue']} />
      <Bar dataKey="revenue" name="Revenue" fill="#4a2c1d" radius={[4, 4, 0, 0]} isAnimationActive={!reducedMotion} />
    </BarChart>
  );
}
