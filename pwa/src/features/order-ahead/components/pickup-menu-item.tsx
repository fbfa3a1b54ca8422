import { useState } from 'react';
import { formatPrice, type PickupMenuItem as MenuItem } from '@cocoa/shared-types';
import { SmartImage } from '../../../ui/smart-image';
import { LineQuantity } from '../../cart';
import { type PickupLine, type PickupLineAction, pickupLineOf } from '../pickup-lines';
import { PickupOptionsDialog } from './pickup-options-dialog';

interface Props {
  item: MenuItem;
  /** This drink's lines in the order (one per customisation). */
  lines: readonly PickupLine[];
  dispatch: (action: PickupLineAction) => void;
}

/** A line's − and + with 'Remove', named after the line (the drink with its options). */
function LineControls({ line, dispatch }: { line: PickupLine; dispatch: Props['dispatch'] }) {
  return (
    <>
      <LineQuantity line={line} dispatch={dispatch} announce />
      <button type="button" className="link-btn" aria-label={`Remove ${line.name}`} onClick={() => dispatch({ type: 'remove', id: line.id })}>
        Remove
      </button>
    </>
  );
}

/**
 * One drink of the menu. Without options, 'Add' adds it and turns into its − and +. With options,
 * 'Add' opens the "Choose" step each time, and every customisation is a line of its own below.
 */
export function PickupMenuItem({ item, lines, dispatch }: Props) {
  const [choosing, setChoosing] = useState(false);
  const [added, setAdded] = useState('');
  const hasOptions = item.options.length > 0;
  const plainLine = hasOptions ? undefined : lines[0];

  const add = () => {
    if (hasOptions) return setChoosing(true);
    const line = pickupLineOf(item, []);
    if (typeof line !== 'string') dispatch({ type: 'add', line });
  };

  return (
    <li className={`pickup-menu__item${item.soldOut ? ' pickup-menu__item--sold-out' : ''}`}>
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
        ) : plainLine ? (
          <LineControls line={plainLine} dispatch={dispatch} />
        ) : (
          <button
            type="button"
            className="btn btn--small btn--primary"
            aria-label={`Add ${item.name}`}
            aria-haspopup={hasOptions ? 'dialog' : undefined}
            onClick={add}
          >
            {hasOptions && lines.length > 0 ? 'Add another' : 'Add'}
          </button>
        )}
      </div>
      {hasOptions && !item.soldOut && lines.length > 0 && (
        <ul className="pickup-menu__lines" aria-label={`Your ${item.name}`}>
          {lines.map((line) => (
            <li key={line.id} className="pickup-menu__line">
              <span className="pickup-menu__line-name">
                {line.name} <span className="muted">{formatPrice(line.price)} each</span>
              </span>
              <span className="pickup-menu__line-actions">
                <LineControls line={line} dispatch={dispatch} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {hasOptions && (
        <p className="visually-hidden" role="status">
          {added}
        </p>
      )}
      {choosing && !item.soldOut && (
        <PickupOptionsDialog
          item={item}
          onClose={() => setChoosing(false)}
          onAdd={(line) => {
            dispatch({ type: 'add', line });
            setAdded(`Added ${line.name}.`);
            setChoosing(false);
          }}
        />
      )}
    </li>
  );
}
