import { productGalleryImages } from './catalogue';
import { imageVariantRef, parseImageVariantRef, pickSrcSetCandidate, resolveImageUrl, responsiveImage, variantWidths } from './images';

describe('responsive image references', () => {
  it('makes the standard widths narrower than the image, plus its own width up to 1600, never upscaled', () => {
    expect(variantWidths(8)).toEqual([8]);
    expect(variantWidths(500)).toEqual([160, 320, 500]);
    expect(variantWidths(640)).toEqual([160, 320, 640]);
    expect(variantWidths(2000)).toEqual([160, 320, 640, 1024, 1600]);
  });

  it('round-trips a reference and refuses anything else', () => {
    const ref = { filename: 'event-cocoa.v2.png', hash: '0123abcd', largest: 1600, avif: true };
    expect(imageVariantRef(ref)).toBe('/uploads/variants/event-cocoa.v2.png.0123abcd.1600.avif');
    expect(parseImageVariantRef(imageVariantRef(ref))).toEqual(ref);
    expect(parseImageVariantRef('/uploads/products/event-cocoa.png')).toBeNull();
    expect(parseImageVariantRef('/uploads/variants/../x.png.0123abcd.1600.webp')).toBeNull();
    expect(parseImageVariantRef('/uploads/variants/x.png.0123ABCD.1600.webp')).toBeNull();
    expect(parseImageVariantRef(null)).toBeNull();
  });

  it('builds AVIF and WebP srcsets whose pick for a 64 px slot is the 160 w copy', () => {
    const image = responsiveImage('/uploads/variants/a.jpg.0123abcd.1600.avif', '64px');
    expect(image).toEqual({
      src: '/uploads/variants/a.jpg.0123abcd.640.webp',
      webpSrcSet: expect.stringContaining('/uploads/variants/a.jpg.0123abcd.160.webp 160w'),
      avifSrcSet: expect.stringContaining('/uploads/variants/a.jpg.0123abcd.1600.avif 1600w'),
      sizes: '64px',
      original: '/uploads/products/a.jpg',
    });
    expect(image?.webpSrcSet.split(', ')).toHaveLength(5);
    expect(pickSrcSetCandidate(image!.webpSrcSet, 64)?.width).toBe(160);
    expect(pickSrcSetCandidate(image!.webpSrcSet, 64, 3)?.width).toBe(320);
    expect(pickSrcSetCandidate(image!.webpSrcSet, 1200, 2)?.width).toBe(1600);
    expect(responsiveImage('/uploads/variants/a.gif.0123abcd.300.webp', '64px')).toMatchObject({
      avifSrcSet: null,
      src: '/uploads/variants/a.gif.0123abcd.300.webp',
    });
    expect(responsiveImage('/images/products/cocoa-hot.svg', '64px')).toBeNull();
  });

  it('resolves image fields through the refs the API gave, in the galleries too', () => {
    const refs = { '/uploads/products/a.png': '/uploads/variants/a.png.0123abcd.800.avif' };
    expect(resolveImageUrl('/uploads/products/a.png', refs)).toBe(refs['/uploads/products/a.png']);
    expect(resolveImageUrl('/images/x.svg', refs)).toBe('/images/x.svg');
    expect(resolveImageUrl(null, refs)).toBeNull();
    const product = {
      imageUrl: '/uploads/products/a.png',
      hotImageUrl: '/images/x.svg',
      icedImageUrl: null,
      shakeImageUrl: null,
      featuredImageUrl: null,
      backgroundImageUrl: null,
      imageRefs: refs,
    };
    expect(productGalleryImages(product).map((i) => i.src)).toEqual(['/uploads/variants/a.png.0123abcd.800.avif', '/images/x.svg']);
  });
});
