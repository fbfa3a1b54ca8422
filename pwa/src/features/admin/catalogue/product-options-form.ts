import { type ProductCreate, type ProductOptionGroup, productOptionsSchema } from '@cocoa/shared-types';
import { numberOf } from '../shared/schema-resolver';

/** One choice as the product dialog holds it: its name and its price change in dollars, as typed. */
interface OptionChoiceValues {
  name: string;
  price: string;
}

/** One option group as the product dialog holds it: "Required" is a minimum of 1 (else 0), "Up to" its maximum. */
export interface OptionGroupValues {
  name: string;
  required: boolean;
  max: string;
  choices: OptionChoiceValues[];
}

type OptionsInput = NonNullable<ProductCreate['options']>;

export const newOptionChoice = (): OptionChoiceValues => ({ name: '', price: '' });
export const newOptionGroup = (): OptionGroupValues => ({ name: '', required: false, max: '1', choices: [newOptionChoice()] });

/** The saved groups as the form shows them (price changes from cents to dollars with two decimals). */
export function optionFormValues(groups: readonly ProductOptionGroup[] | undefined): OptionGroupValues[] {
  return (groups ?? []).map((group) => ({
    name: group.name,
    required: group.min >= 1,
    max: String(group.max),
    choices: group.choices.map((choice) => ({ name: choice.name, price: (choice.priceCents / 100).toFixed(2) })),
  }));
}

/** A typed price change: blank is no change; "$0.75", "+0.75" and "-0.5" read as numbers; anything else goes to the schema as NaN for its message. */
function priceChangeOf(text: string): number {
  const typed = text.trim().replace(/^([+-]?)\$/, '$1');
  return typed === '' ? 0 : Number(typed.replace(/^\+/, ''));
}

/** The groups as POST/PATCH /api/products take them (productOptionsSchema: names, min, max, prices in dollars). */
export function optionsPayload(groups: readonly OptionGroupValues[]): OptionsInput {
  return groups.map((group) => ({
    name: group.name,
    min: group.required ? 1 : 0,
    max: numberOf(group.max),
    choices: group.choices.map((choice) => ({ name: choice.name, price: priceChangeOf(choice.price) })),
  }));
}

/**
 * What is wrong with the groups as typed, by where (the schema's path under `options`: '' for the
 * list, '0.name', '0.max', '0.min', '0.choices', '0.choices.1.price'...), the first message each.
 */
export function optionIssues(groups: readonly OptionGroupValues[]): ReadonlyMap<string, string> {
  const parsed = productOptionsSchema.safeParse(optionsPayload(groups));
  const issues = new Map<string, string>();
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const where = issue.path.join('.');
    if (!issues.has(where)) issues.set(where, issue.message);
  }
  return issues;
}

/**
 * The API's 400 sentence with an option's place read out: "options.0.choices.1.price: ..." is
 * "Option 1, choice 2: ...". Any other sentence is as the API wrote it.
 */
export function readableSaveProblem(message: string): string {
  const match = /^options\.(\d+)(?:\.choices\.(\d+))?(?:\.[\w.]+)?:\s*(.+)$/s.exec(message);
  if (!match) return message;
  const [, group, choice, rest] = match;
  return `Option ${Number(group) + 1}${choice === undefined ? '' : `, choice ${Number(choice) + 1}`}: ${rest}`;
}
