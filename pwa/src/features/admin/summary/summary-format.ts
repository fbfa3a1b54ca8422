import { format } from 'date-fns';

/** A day of the shop's zone ('YYYY-MM-DD', as the summary sends it) as 'Apr 2'; the day is taken as written, never moved by the device's zone. */
export function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date), 'MMM d');
}

/** The same day in full, for the chart's table: 'Thursday, April 2'. */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date), 'EEEE, MMMM d');
}

/** '1 order' / '3 orders'. */
export function ordersCount(n: number): string {
  return `${n} ${n === 1 ? 'order' : 'orders'}`;
}
