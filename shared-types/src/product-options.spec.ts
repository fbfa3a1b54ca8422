import { chooseOptions, nameWithOptions, priceWithOptions, type ProductOptionGroup } from './product-options';
import { productOptionsSchema } from './schemas/catalogue.schema';

/** A cup as the owner types its options in the admin: a size to choose, up to two toppings. */
const typed = [
  {
    name: 'Size',
    min: 1,
    max: 1,
    choices: [
      { name: 'Small', price: -0.5 },
      { name: 'Regular', price: 0 },
      { name: 'Large', price: 0.75 },
    ],
  },
  {
    name: 'Toppings',
    min: 0,
    max: 2,
    choices: [
      { name: 'Marshmallows', price: 0.5 },
      { name: 'Whipped cream', price: 0.6 },
      { name: 'Oat milk foam', price: 0.8 },
    ],
  },
];
const groups: ProductOptionGroup[] = productOptionsSchema.parse(typed);

describe('drink options', () => {
  it('takes the owner’s groups with ids from their names and price changes in cents', () => {
    expect(groups.map((g) => [g.id, g.choices.map((c) => `${c.id}:${c.priceCents}`)])).toEqual([
      ['size', ['small:-50', 'regular:0', 'large:75']],
      ['toppings', ['marshmallows:50', 'whipped-cream:60', 'oat-milk-foam:80']],
    ]);
  });

  it('refuses groups a customer could not answer, or that name a choice twice', () => {
    const problems = (input: unknown) => productOptionsSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(problems([{ ...typed[0], min: 2 }])).toContain('Minimum cannot be more than maximum');
    expect(problems([{ ...typed[1], max: 4 }])).toContain('Maximum cannot be more than the choices');
    expect(
      problems([
        {
          ...typed[0],
          choices: [
            { name: 'Large', price: 0 },
            { name: 'large', price: 1 },
          ],
        },
      ]),
    ).toContain('Two choices have the same name');
    expect(problems([typed[0], { ...typed[0] }])).toContain('Two options have the same name');
    expect(problems([{ ...typed[0], choices: [{ name: 'Large', price: 0.755 }] }])).toContain('Price change must have at most two decimals');
    expect(problems([{ ...typed[0], name: '—' }])).toContain('Option name needs a letter or a digit');
  });

  it('prices and names a drink from the choices named, in the groups’ order', () => {
    const chosen = chooseOptions('Hot Cocoa', groups, ['toppings:whipped-cream', 'size:large', 'toppings:marshmallows']);
    if (typeof chosen === 'string') throw new Error(chosen);
    expect(nameWithOptions('Hot Cocoa', chosen)).toBe('Hot Cocoa (Large, Marshmallows, Whipped cream)');
    expect(priceWithOptions(450, chosen)).toBe(450 + 75 + 50 + 60);
    const small = chooseOptions('Hot Cocoa', groups, ['size:small']);
    expect(typeof small !== 'string' && priceWithOptions(40, small)).toBe(0);
    expect(nameWithOptions('Hot Cocoa', [])).toBe('Hot Cocoa');
  });

  it('says what is wrong with a choice, in words the customer reads', () => {
    expect(chooseOptions('Hot Cocoa', groups, [])).toBe('Hot Cocoa: choose a size.');
    expect(chooseOptions('Hot Cocoa', groups, ['size:large', 'toppings:marshmallows', 'toppings:whipped-cream', 'toppings:oat-milk-foam'])).toBe(
      'Hot Cocoa: at most 2 toppings.',
    );
    expect(chooseOptions('Hot Cocoa', groups, ['size:large', 'size:large'])).toBe('Hot Cocoa: an option is chosen twice.');
    expect(chooseOptions('Hot Cocoa', groups, ['size:large', 'milk:oat'])).toBe('Hot Cocoa has no option “milk:oat”. Please choose again.');
    expect(chooseOptions('Hot Cocoa', [], [])).toEqual([]);
  });
});
