import { useMemo } from 'react';
import { imageCandidates } from '../lib/image';
import { useKeyedState } from '../lib/use-keyed-state';

interface SmartImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  /** text shown when there is no image at all (rather than a failed one) */
  emptyText?: string;
}

/**
 * A lazy image with intrinsic size that, when loading fails, tries the lowercase path, then the
 * .webp variant, then shows a placeholder icon (SPEC §2, §8 "Broken images show a placeholder").
 */
export function SmartImage({ src, alt, width, height, className, eager, emptyText }: SmartImageProps) {
  const candidates = useMemo(() => imageCandidates(src), [src]);
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
  return (
    <img
      src={candidates[attempt]}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      onError={() => setAttempt((n) => n + 1)}
    />
  );
}
