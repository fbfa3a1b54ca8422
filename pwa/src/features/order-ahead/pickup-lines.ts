import {
  chooseOptions,
  fromCents,
  type LineAction,
  nameWithOptions,
  orderLinesReducer,
  type PickupMenuItem,
  priceWithOptions,
  toCents,
} from '@cocoa/shared-types';

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

export type PickupLineAction = LineAction<PickupLine>;

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

/** As the shop's cart (the shared line arithmetic): adding a line already there adds one to it. */
export const pickupLinesReducer = (lines: readonly PickupLine[], action: PickupLineAction): PickupLine[] => orderLinesReducer(lines, action);

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
