import { imageCandidates } from './image';

describe('imageCandidates', () => {
  it('tries the path, then lowercase, then the .webp variant', () => {
    expect(imageCandidates('/Images/Products/Cocoa.PNG')).toEqual(['/Images/Products/Cocoa.PNG', '/images/products/cocoa.png', '/images/products/cocoa.webp']);
  });
  it('skips duplicates and handles paths without an extension', () => {
    expect(imageCandidates('/images/a.webp')).toEqual(['/images/a.webp']);
    expect(imageCandidates('/uploads/products/photo')).toEqual(['/uploads/products/photo', '/uploads/products/photo.webp']);
    expect(imageCandidates(null)).toEqual([]);
  });
});
