export const CHECKOUT_STEPS = ['Shipping', 'Payment', 'Confirmation'] as const;
export type CheckoutStep = 0 | 1 | 2;

/** The three-step progress bar. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  return (
    <ol className="steps checkout-steps" aria-label="Checkout progress">
      {CHECKOUT_STEPS.map((label, index) => (
        <li key={label} aria-current={index === current ? 'step' : undefined} className={index < current ? 'is-done' : undefined}>
          <span aria-hidden="true">{index < current ? '✓' : index + 1}</span> {label}
          {index < current && <span className="visually-hidden"> (completed)</span>}
        </li>
      ))}
    </ol>
  );
}
