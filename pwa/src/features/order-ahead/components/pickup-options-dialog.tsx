import { useId, useState } from 'react';
import { formatCents, optionKey, type PickupMenuItem, priceWithOptions, toCents } from '@cocoa/shared-types';
import { Dialog } from '../../../ui/dialog';
import { type PickupLine, pickupLineOf } from '../pickup-lines';
import { PickupOptionGroup } from './pickup-option-group';

interface Props {
  item: PickupMenuItem;
  onAdd: (line: Omit<PickupLine, 'quantity'>) => void;
  onClose: () => void;
}

/** The keys chosen, in the drink's groups' order (as the order and the server name them). */
const inGroupOrder = (item: PickupMenuItem, picked: readonly string[]) =>
  item.options.flatMap((group) => group.choices.map((choice) => optionKey(group, choice)).filter((key) => picked.includes(key)));

/** The drink's price with what is chosen so far, in cents. */
function priceSoFar(item: PickupMenuItem, picked: readonly string[]): number {
  const chosen = item.options.flatMap((group) =>
    group.choices
      .filter((choice) => picked.includes(optionKey(group, choice)))
      .map((choice) => ({ group: group.name, choice: choice.name, priceCents: choice.priceCents })),
  );
  return priceWithOptions(toCents(item.price), chosen);
}

/**
 * The "Choose" step of a drink with options: its groups, the price as chosen, and "Add to order".
 * Nothing is chosen at first; adding with a required group left out (or too many in one) shows the
 * sentence the server would answer, kept up to date as the customer chooses, and adds nothing.
 */
export function PickupOptionsDialog({ item, onAdd, onClose }: Props) {
  const prefix = useId();
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [tried, setTried] = useState(false);
  const keys = inGroupOrder(item, picked);
  const line = pickupLineOf(item, keys);
  const problem = tried && typeof line === 'string' ? line : null;
  const problemId = `${prefix}-problem`;

  return (
    <Dialog title={`Choose your ${item.name}`} onClose={onClose} className="pickup-options" describedBy={problem ? problemId : undefined}>
      <div className="pickup-options__groups">
        {item.options.map((group) => {
          const own = (key: string) => key.startsWith(`${group.id}:`);
          return (
            <PickupOptionGroup
              key={group.id}
              group={group}
              idPrefix={`${prefix}-${group.id}`}
              picked={picked.filter(own)}
              onChange={(groupKeys) => setPicked([...picked.filter((key) => !own(key)), ...groupKeys])}
            />
          );
        })}
      </div>
      <p className="pickup-options__price">
        Price: <strong data-testid="pickup-options-price">{formatCents(priceSoFar(item, keys))}</strong>
      </p>
      {problem && (
        <p className="field__error" id={problemId} role="alert">
          {problem}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            if (typeof line === 'string') setTried(true);
            else onAdd(line);
          }}
        >
          Add to order
        </button>
      </div>
    </Dialog>
  );
}
