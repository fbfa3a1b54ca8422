import { firstFreeSlug, slugBase, slugStem } from './unique-slug';

describe('unique slugs', () => {
  it('uses the name, or the fallback when the name has no letters or digits', () => {
    expect(slugBase('Crème Brûlée & Co.', 'product')).toBe('creme-brulee-and-co');
    expect(slugBase('???', 'product')).toBe('product');
  });

  it('takes the first free of base, base-2, base-3 ...', () => {
    expect(firstFreeSlug('cocoa', new Set())).toBe('cocoa');
    expect(firstFreeSlug('cocoa', new Set(['cocoa']))).toBe('cocoa-2');
    expect(firstFreeSlug('cocoa', new Set(['cocoa', 'cocoa-2', 'cocoa-4']))).toBe('cocoa-3');
    expect(firstFreeSlug('cocoa', new Set(['cocoa-2']))).toBe('cocoa');
  });

  it('keeps every candidate within 80 characters and under the stem', () => {
    const base = `${'a'.repeat(77)}-bc`;
    const taken = new Set([base]);
    const next = firstFreeSlug(base, taken);
    expect(next).toBe(`${'a'.repeat(77)}-2`);
    expect(next.length).toBeLessThanOrEqual(80);
    expect(next.startsWith(slugStem(base))).toBe(true);
    for (let n = 2; n < 200; n++) taken.add(firstFreeSlug(base, taken));
    for (const slug of taken) {
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});
