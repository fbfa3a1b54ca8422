/** A line as − and + need it: the cart's (its product id) or a pickup order's (its drink and options). */
interface QuantityLine<Id> {
  id: Id;
  name: string;
  quantity: number;
}

/**
 * A cart line's quantity with its − and + buttons, named after the product for screen readers.
 * `announce`: the new quantity is read out (the drawer, where focus stays on the button).
 */
export function LineQuantity<Id extends number | string>({
  line,
  dispatch,
  announce = false,
}: {
  line: QuantityLine<Id>;
  dispatch: (action: { type: 'increment' | 'decrement'; id: Id }) => void;
  announce?: boolean;
}) {
  return (
    <div className="quantity quantity--small" role="group" aria-label={`Quantity of ${line.name}`}>
      <button type="button" className="icon-btn" aria-label={`Decrease quantity of ${line.name}`} onClick={() => dispatch({ type: 'decrement', id: line.id })}>
        −
      </button>
      <span aria-live={announce ? 'polite' : undefined} data-testid="line-quantity">
        {line.quantity}
      </span>
      <button type="button" className="icon-btn" aria-label={`Increase quantity of ${line.name}`} onClick={() => dispatch({ type: 'increment', id: line.id })}>
        +
      </button>
    </div>
  );
}
