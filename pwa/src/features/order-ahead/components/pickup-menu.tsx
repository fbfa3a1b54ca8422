import { type CartAction, type CartLine, formatPrice, type PickupMenuItem } from '@cocoa/shared-types';
import { SmartImage } from '../../../ui/smart-image';
import { LineQuantity } from '../../cart';

interface Props {
  menu: readonly PickupMenuItem[];
  lines: readonly CartLine[];
  dispatch: (action: CartAction) => void;
  error?: string;
}

/** A menu item as a line of this order (the shared cart rules count it; the shop's cart is not touched). */
const productOf = (item: PickupMenuItem) => ({ id: item.productId, name: item.name, price: item.price, imageUrl: item.imageUrl, slug: '' });

/**
 * The drinks the cart makes for pickup: 'Add', then the line's − and + with 'Remove'. A sold-out
 * drink stays on the list, marked and not orderable.
 */
export function PickupMenu({ menu, lines, dispatch, error }: Props) {
  return (
    <section className="pickup-section" aria-labelledby="pickup-menu-title" aria-describedby={error ? 'pickup-menu-error' : undefined}>
      <h2 id="pickup-menu-title">Menu</h2>
      {menu.length === 0 ? (
        <p className="muted">Nothing is on the menu for ordering ahead yet. Come and see us at the cart!</p>
      ) : (
        <ul className="pickup-menu">
          {menu.map((item) => {
            const line = lines.find((l) => l.id === item.productId);
            return (
              <li key={item.productId} className={`pickup-menu__item${item.soldOut ? ' pickup-menu__item--sold-out' : ''}`}>
                {item.imageUrl && <SmartImage src={item.imageUrl} alt={item.name} width={64} height={64} className="pickup-menu__image" />}
                <div className="pickup-menu__info">
                  <h3 className="pickup-menu__name">{item.name}</h3>
                  {item.description && <p className="muted pickup-menu__text">{item.description}</p>}
                  <p className="pickup-menu__price">{formatPrice(item.price)}</p>
                </div>
                <div className="pickup-menu__actions">
                  {item.soldOut ? (
                    <button type="button" className="btn btn--small" disabled aria-label={`${item.name}: sold out`}>
                      Sold out
                    </button>
                  ) : line ? (
                    <>
                      <LineQuantity line={line} dispatch={dispatch} announce />
                      <button type="button" className="link-btn" aria-label={`Remove ${item.name}`} onClick={() => dispatch({ type: 'remove', id: line.id })}>
                        Remove
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--small btn--primary"
                      aria-label={`Add ${item.name}`}
                      onClick={() => dispatch({ type: 'add', product: productOf(item) })}
                    >
                      Add
                    </button>
                  )}
                </div>
              </li>
            );
          })}
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
