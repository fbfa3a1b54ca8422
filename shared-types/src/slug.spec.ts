import { SLUG_PATTERN, slugify } from './slug';

describe('slugify', () => {
  it('makes lowercase hyphenated slugs', () => {
    expect(slugify('Classic Hot Cocoa')).toBe('classic-hot-cocoa');
    expect(slugify('  Crème Brûlée & Friends!! ')).toBe('creme-brulee-and-friends');
    expect(slugify('---')).toBe('');
    expect(SLUG_PATTERN.test(slugify('Mexican Spiced (Hot)'))).toBe(true);
  });

  it('caps the length without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});
