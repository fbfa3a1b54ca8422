import { formatCents, percentOfCents, PICKUP_TIP_MAX_CENTS } from '@cocoa/shared-types';

/** The tip buttons: none, a percentage of the subtotal before any discount code (PICKUP_TIP_PERCENTS), or an amount typed in dollars. */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; text: string };

const DOLLARS = /^\d{1,6}(\.\d{0,2})?$/;

/** The tip in cents for the subtotal, or why the amount typed cannot be taken. */
export function tipOf(choice: TipChoice, subtotalCents: number): { cents: number; problem: string | null } {
  if (choice.kind === 'none') return { cents: 0, problem: null };
  if (choice.kind === 'percent') return { cents: percentOfCents(subtotalCents, choice.percent), problem: null };
  const text = choice.text.trim().replace(/^\$/, '');
  if (text === '') return { cents: 0, problem: null };
  if (!DOLLARS.test(text)) return { cents: 0, problem: 'Enter the tip in dollars, such as 2.50' };
  const cents = Math.round(Number(text) * 100);
  if (cents > PICKUP_TIP_MAX_CENTS) return { cents: 0, problem: `A tip can be at most ${formatCents(PICKUP_TIP_MAX_CENTS)}` };
  return { cents, problem: null };
}
