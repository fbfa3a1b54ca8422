import { chooseOptions, fromCents, nameWithOptions, type PickupMenuItem, priceWithOptions, toCents } from '@cocoa/shared-types';

/**
 * A line of a pickup order: one drink as customised (its options), so two differently customised
 * cups of the same drink are two lines. `id` is the drink and its options together; `name` and
 * `price` (dollars, each) are the drink's with its options, as the server names and prices them.
 */
export interface PickupLine {
  id: string;
  productId: number;
  /** The chosen options, each `${group.id}:${choice.id}`, in the drink's groups' order. */
  options: readonly string[];
  name: string;
  price: number;
  quantity: number;
}

export type PickupLineAction =
  { type: 'add'; line: Omit<PickupLine, 'quantity'> } | { type: 'increment'; id: string } | { type: 'decrement'; id: string } | { type: 'remove'; id: string };

/** The same drink with the same options is the same line, whatever order the options were named in. */
const pickupLineId = (productId: number, options: readonly string[]) => [String(productId), ...[...options].sort()].join('|');

/**
 * The menu item with these options as a line to add, or the sentence the customer reads when the
 * options do not answer the drink's groups (a required one left out, too many in one).
 */
export function pickupLineOf(item: PickupMenuItem, options: readonly string[]): Omit<PickupLine, 'quantity'> | string {
  const chosen = chooseOptions(item.name, item.options, options);
  if (typeof chosen === 'string') return chosen;
  return {
    id: pickupLineId(item.productId, options),
    productId: item.productId,
    options: [...options],
    name: nameWithOptions(item.name, chosen),
    price: fromCents(priceWithOptions(toCents(item.price), chosen)),
  };
}

/** As the shop's cart: adding a line already there adds one to it; minus stops at 1, removing is its own action. */
export function pickupLinesReducer(lines: readonly PickupLine[], action: PickupLineAction): PickupLine[] {
  switch (action.type) {
    case 'add':
      return lines.some((line) => line.id === action.line.id)
        ? lines.map((line) => (line.id === action.line.id ? { ...line, quantity: line.quantity + 1 } : line))
        : [...lines, { ...action.line, quantity: 1 }];
    case 'increment':
      return lines.map((line) => (line.id === action.id ? { ...line, quantity: line.quantity + 1 } : line));
    case 'decrement':
      return lines.map((line) => (line.id === action.id && line.quantity > 1 ? { ...line, quantity: line.quantity - 1 } : line));
    case 'remove':
      return lines.filter((line) => line.id !== action.id);
  }
}

/**
 * The lines that can still be ordered from this copy of the menu, named and priced from it: a
 * drink sold out meanwhile, or whose options no longer answer its groups, leaves the order.
 */
export function orderableLines(lines: readonly PickupLine[], menu: readonly PickupMenuItem[]): PickupLine[] {
  return lines.flatMap((line) => {
    const item = menu.find((entry) => entry.productId === line.productId);
    if (!item || item.soldOut) return [];
    const fresh = pickupLineOf(item, line.options);
    return typeof fresh === 'string' ? [] : [{ ...line, name: fresh.name, price: fresh.price }];
  });
}
