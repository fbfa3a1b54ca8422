import type { PickupMenuItem as MenuItem } from '@cocoa/shared-types';
import type { PickupLine, PickupLineAction } from '../pickup-lines';
import { PickupMenuItem } from './pickup-menu-item';

interface Props {
  menu: readonly MenuItem[];
  /** The order's lines as they can be ordered from this menu (named and priced from it). */
  lines: readonly PickupLine[];
  dispatch: (action: PickupLineAction) => void;
  error?: string;
}

/**
 * The drinks the cart makes for pickup: 'Add' (with a "Choose" step for a drink with options), then
 * the line's − and + with 'Remove'. A sold-out drink stays on the list, marked and not orderable.
 * The lines are this order's own: the shop's cart is not touched.
 */
export function PickupMenu({ menu, lines, dispatch, error }: Props) {
  return (
    <section className="pickup-section" aria-labelledby="pickup-menu-title" aria-describedby={error ? 'pickup-menu-error' : undefined}>
      <h2 id="pickup-menu-title">Menu</h2>
      {menu.length === 0 ? (
        <p className="muted">Nothing is on the menu for ordering ahead yet. Come and see us at the cart!</p>
      ) : (
        <ul className="pickup-menu">
          {menu.map((item) => (
            <PickupMenuItem key={item.productId} item={item} lines={lines.filter((line) => line.productId === item.productId)} dispatch={dispatch} />
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id="pickup-menu-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
