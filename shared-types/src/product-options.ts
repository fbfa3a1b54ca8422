/**
 * A drink's options at the cart (size, milk, toppings): groups of choices, each choice with its
 * price change in cents. A group with `min` of 1 or more must be answered; `max` caps how many of
 * its choices one drink takes. The server prices a line from these and the choices it names; the
 * app computes the same here.
 */
export interface ProductOptionChoice {
  /** Stable within its group ('oat'), from its name. */
  id: string;
  name: string;
  /** Added to the drink's price (negative: cheaper). */
  priceCents: number;
}

export interface ProductOptionGroup {
  /** Stable within the product ('milk'), from its name. */
  id: string;
  name: string;
  min: number;
  max: number;
  choices: ProductOptionChoice[];
}

export const OPTION_GROUPS_MAX = 8;
export const OPTION_CHOICES_MAX = 12;
export const OPTION_NAME_MAX = 40;
/** A price change is at most this much, either way. */
export const OPTION_PRICE_MAX_CENTS = 100_00;

/** How a chosen option is named on the wire: `${group.id}:${choice.id}`. */
export const optionKey = (group: Pick<ProductOptionGroup, 'id'>, choice: Pick<ProductOptionChoice, 'id'>) => `${group.id}:${choice.id}`;

export interface ChosenOption {
  group: string;
  choice: string;
  priceCents: number;
}

/**
 * The choices named by `keys`, in the groups' order, or the sentence a customer reads when they do
 * not answer the groups: a choice the drink does not have, a required group left out, too many in
 * a group, or one named twice.
 */
export function chooseOptions(productName: string, groups: readonly ProductOptionGroup[], keys: readonly string[]): ChosenOption[] | string {
  const wanted = new Set(keys);
  if (wanted.size !== keys.length) return `${productName}: an option is chosen twice.`;
  const chosen: ChosenOption[] = [];
  for (const group of groups) {
    const picked = group.choices.filter((choice) => wanted.delete(optionKey(group, choice)));
    if (picked.length < group.min) return `${productName}: choose ${group.min === 1 ? 'a' : `at least ${group.min}`} ${group.name.toLowerCase()}.`;
    if (picked.length > group.max) return `${productName}: at most ${group.max} ${group.name.toLowerCase()}.`;
    chosen.push(...picked.map((choice) => ({ group: group.name, choice: choice.name, priceCents: choice.priceCents })));
  }
  if (wanted.size > 0) return `${productName} has no option “${[...wanted][0]}”. Please choose again.`;
  return chosen;
}

/** The drink's price with its options, in cents (never below 0). */
export function priceWithOptions(basePriceCents: number, chosen: readonly ChosenOption[]): number {
  return Math.max(0, basePriceCents + chosen.reduce((sum, option) => sum + option.priceCents, 0));
}

/** The line's name as the order, the e-mails and the till show it: "Hot Cocoa (Large, Oat milk)". */
export function nameWithOptions(name: string, chosen: readonly ChosenOption[]): string {
  return chosen.length ? `${name} (${chosen.map((option) => option.choice).join(', ')})` : name;
}
