import { useId, useState } from 'react';
import {
  type DiscountCheckInput,
  type DiscountCheckResponse,
  type DiscountRule,
  discountCodeSchema,
  discountOffCents,
  type PricedLine,
  subtotalCents,
} from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../lib/api-fetch';
import './discount-code-field.css';

/** A code the server accepted for this cart: its rule is applied to the subtotal with the shared `discountOffCents`. */
export interface AppliedDiscount {
  code: string;
  rule: DiscountRule;
  label: string;
}

export const appliedOf = (answer: DiscountCheckResponse): AppliedDiscount => ({
  code: answer.code,
  rule: { kind: answer.kind, value: answer.value },
  label: answer.label,
});

/** The cents an applied code takes off these lines now (the server computes the same). */
export const discountCentsOf = (applied: AppliedDiscount | null, lines: readonly PricedLine[]): number =>
  applied ? discountOffCents(applied.rule, subtotalCents(lines)) : 0;

/** A line the code is checked for: a shop's cart line (its id is the product's) or a drink with its options. */
type DiscountLine = PricedLine & ({ id: number } | { productId: number; options: readonly string[] });

const cartItemOf = (line: DiscountLine): DiscountCheckInput['cartItems'][number] =>
  'productId' in line ? { productId: line.productId, quantity: line.quantity, options: [...line.options] } : { id: line.id, quantity: line.quantity };

/** POST /api/checkout/discount: what a code takes off these lines, or the server's message why not (4xx). */
const checkDiscount = (body: DiscountCheckInput) => apiFetch<DiscountCheckResponse>('/api/checkout/discount', { method: 'POST', body });

interface DiscountCodeFieldProps {
  lines: readonly DiscountLine[];
  /** The buyer's e-mail (a guest's), so "one per customer" is told before paying. */
  email?: string;
  applied: AppliedDiscount | null;
  onChange: (applied: AppliedDiscount | null) => void;
}

/**
 * The "Discount code" of a checkout (the shop's and a stop's order ahead), with its Apply button. The server checks the code for this cart
 * and answers what it takes off, or why not; the payment sends the code again and the server checks
 * it once more as it takes the code's use with the order.
 */
export function DiscountCodeField({ lines, email, applied, onChange }: DiscountCodeFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const parsed = discountCodeSchema.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Unknown code');
    setBusy(true);
    setError(null);
    try {
      const answer = await checkDiscount({ code: parsed.data, email, cartItems: lines.map(cartItemOf) });
      onChange(appliedOf(answer));
      setText('');
    } catch (err) {
      setError(messageOf(err, 'The code could not be checked. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <div className="discount-code discount-code--applied" role="status">
        <p>
          Discount code <strong>{applied.code}</strong>: {applied.label}
        </p>
        <button type="button" className="btn btn--outline btn--small-touch" onClick={() => onChange(null)} aria-label={`Remove discount code ${applied.code}`}>
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="discount-code field">
      <label htmlFor={id}>Discount code</label>
      <div className="discount-code__row">
        <input
          id={id}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than submitting the payment form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="btn btn--outline" onClick={() => void apply()} disabled={busy}>
          {busy ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
