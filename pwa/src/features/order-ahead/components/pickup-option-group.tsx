import { formatCents, optionKey, type ProductOptionGroup } from '@cocoa/shared-types';

/** A choice's price change as the customer reads it: "+$0.75", "−$0.50", or nothing when it costs the same. */
function priceChange(cents: number): string {
  if (cents > 0) return `+${formatCents(cents)}`;
  if (cents < 0) return `−${formatCents(-cents)}`;
  return '';
}

/** What the group asks, under its name: how many choices a drink takes. */
function ruleOf(group: ProductOptionGroup): string | null {
  if (group.max <= 1) return null;
  if (group.min >= 1) return group.min === group.max ? `Choose ${group.max}` : `Choose ${group.min} to ${group.max}`;
  return `Choose up to ${group.max}`;
}

interface Props {
  group: ProductOptionGroup;
  /** Unique within the page: the radios' name and the ids. */
  idPrefix: string;
  /** The keys chosen in this group. */
  picked: readonly string[];
  /** The group's keys chosen now. */
  onChange: (keys: string[]) => void;
}

/**
 * One option group of a drink (size, milk, toppings): radios when a drink takes one of its choices
 * (with "None" when the group may be left out), checkboxes otherwise (the rest disabled once as
 * many as it takes are ticked). Each choice shows its price change; a required group says so.
 */
export function PickupOptionGroup({ group, idPrefix, picked, onChange }: Props) {
  const required = group.min >= 1;
  const rule = ruleOf(group);
  const ruleId = `${idPrefix}-rule`;
  const single = group.max <= 1;
  const full = picked.length >= group.max;

  // key '' is "None": chosen while nothing of the group is.
  const choice = (key: string, label: string, cents: number) => {
    const checked = key === '' ? picked.length === 0 : picked.includes(key);
    const change = priceChange(cents);
    return (
      <label key={key} className={`pickup-option${checked ? ' pickup-option--chosen' : ''}`}>
        <input
          type={single ? 'radio' : 'checkbox'}
          name={single ? idPrefix : undefined}
          value={key}
          checked={checked}
          disabled={!single && !checked && full}
          onChange={(event) => {
            if (single) onChange(key ? [key] : []);
            else onChange(event.target.checked ? [...picked, key] : picked.filter((k) => k !== key));
          }}
        />
        <span className="pickup-option__name">{label}</span>
        {change && (
          <>
            {' '}
            <span className="pickup-option__change">{change}</span>
          </>
        )}
      </label>
    );
  };

  return (
    <fieldset className="pickup-option-group" aria-describedby={rule ? ruleId : undefined}>
      <legend>
        {group.name}
        {required && <span className="pickup-option-group__required"> (required)</span>}
      </legend>
      {rule && (
        <p className="muted pickup-option-group__rule" id={ruleId}>
          {rule}
        </p>
      )}
      <div className="pickup-option-group__choices">
        {single && !required && choice('', 'None', 0)}
        {group.choices.map((c) => choice(optionKey(group, c), c.name, c.priceCents))}
      </div>
    </fieldset>
  );
}
