import { useMemo } from 'react';
import { responsiveImage } from '@cocoa/shared-types';
import { imageCandidates } from '../lib/image';
import { useKeyedState } from '../lib/use-keyed-state';

interface SmartImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  /** the page's largest image (the product page's first photo): fetched first, never lazily */
  priority?: boolean;
  /**
   * How wide the image shows, for the browser's pick from srcset. Default: `width` CSS pixels, or
   * the whole viewport when that is narrower (right for fixed thumbnails and for images that fill
   * a column up to their width).
   */
  sizes?: string;
  /** text shown when there is no image at all (rather than a failed one) */
  emptyText?: string;
}

function defaultSizes(width: number): string {
  return `(max-width: ${width}px) 100vw, ${width}px`;
}

/**
 * A lazy image with intrinsic size that, when loading fails, tries the lowercase path, then the
 * .webp variant, then shows a placeholder icon ("Broken images show a placeholder").
 *
 * An uploaded image's responsive reference (shared-types images.ts) shows as a <picture>: AVIF
 * then WebP sources with srcset/sizes, so a 64 px thumbnail loads the 160 w copy. Should the
 * copies fail (the image was replaced since the reference was kept), the original's own URL is
 * tried next, then the same chain.
 */
export function SmartImage({ src, alt, width, height, className, eager, priority, sizes, emptyText }: SmartImageProps) {
  const responsive = useMemo(() => responsiveImage(src, sizes ?? defaultSizes(width), width * 2), [src, sizes, width]);
  const candidates = useMemo(() => (responsive && src ? [src, ...imageCandidates(responsive.original)] : imageCandidates(src)), [responsive, src]);
  // A new src starts again from its first candidate.
  const [attempt, setAttempt] = useKeyedState(0, src);

  if (candidates.length === 0 || attempt >= candidates.length) {
    return (
      <div
        className={`image-placeholder ${className ?? ''}`}
        role="img"
        aria-label={candidates.length === 0 && emptyText ? emptyText : `${alt} (image unavailable)`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z" />
        </svg>
        {candidates.length === 0 && emptyText && <span>{emptyText}</span>}
      </div>
    );
  }
  const onError = () => setAttempt((n) => n + 1);
  const loading = eager || priority ? 'eager' : 'lazy';
  if (responsive && attempt === 0) {
    return (
      <picture>
        {responsive.avifSrcSet && <source type="image/avif" srcSet={responsive.avifSrcSet} sizes={responsive.sizes} />}
        <source type="image/webp" srcSet={responsive.webpSrcSet} sizes={responsive.sizes} />
        <img
          src={responsive.src}
          srcSet={responsive.webpSrcSet}
          sizes={responsive.sizes}
          alt={alt}
          width={width}
          height={height}
          loading={loading}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
          className={className}
          onError={onError}
        />
      </picture>
    );
  }
  return (
    <img
      src={candidates[attempt]}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      onError={onError}
    />
  );
}
