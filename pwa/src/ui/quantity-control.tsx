import { nextTypedQuantity } from '@cocoa/shared-types';
import { useKeyedState } from '../lib/use-keyed-state';

interface QuantityControlProps {
  value: number;
  onChange: (quantity: number) => void;
  label: string;
  disabled?: boolean;
}

/**
 * Product page quantity: starts at 1, never below 1; invalid or zero typed input is
 * ignored; an empty input resets it to 1 (applied when the field is left).
 */
export function QuantityControl({ value, onChange, label, disabled }: QuantityControlProps) {
  // What is typed, until the quantity itself changes (then the field shows the new quantity).
  const [text, setText] = useKeyedState(String(value), value);

  return (
    <div className="quantity" role="group" aria-label={label}>
      <button
        type="button"
        className="icon-btn"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label="Quantity"
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          if (typed.trim() === '') return;
          const next = nextTypedQuantity(value, typed);
          if (next !== value) onChange(next);
        }}
        onBlur={() => {
          const next = nextTypedQuantity(value, text);
          setText(String(next));
          if (next !== value) onChange(next);
        }}
      />
      <button type="button" className="icon-btn" aria-label="Increase quantity" disabled={disabled} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
