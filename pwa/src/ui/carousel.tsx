import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS, SWIPE_THRESHOLD_PX, type GalleryImage } from '@cocoa/shared-types';
import { useKeyedState } from '../lib/use-keyed-state';
import { useReducedMotion } from '../lib/use-media-query';
import { SmartImage } from './smart-image';

interface CarouselProps {
  images: GalleryImage[];
  name: string;
  width: number;
  height: number;
  /** labelled thumbnail buttons (product page) instead of dots (cards) */
  thumbnails?: boolean;
  /** the page's main image: its first slide loads at once with high priority (the product page's LCP) */
  eager?: boolean;
}

/**
 * Image carousel: advances every 4 s unless hovered or mid-transition; the
 * slide takes 1 s; previous/next, thumbnails or dots, and a horizontal swipe over 50 px change it.
 *
 * Motion respects the person (WCAG 2.2.2): a visible Pause/Play button stops and
 * restarts the auto-advance; under `prefers-reduced-motion: reduce` it starts paused (the button
 * offers Play) and slides change without animation, while the manual controls keep working.
 * The person's own choice wins over the preference once they press the button.
 */
export function Carousel({ images, name, width, height, thumbnails, eager }: CarouselProps) {
  const count = images.length;
  // Another number of images starts again from the first.
  const [index, setIndex] = useKeyedState(0, count);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = useReducedMotion();
  // null until the person presses Pause/Play; until then the motion preference decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const transitionMs = reducedMotion ? 0 : CAROUSEL_TRANSITION_MS;
  const [animating, setAnimating] = useState(false);
  const startX = useRef<number | null>(null);

  const go = useCallback(
    (next: number) => {
      if (count < 2) return;
      setIndex(((next % count) + count) % count);
      if (transitionMs > 0) setAnimating(true);
    },
    [count, setIndex, transitionMs],
  );

  useEffect(() => {
    if (!animating) return;
    const timer = window.setTimeout(() => setAnimating(false), transitionMs);
    return () => window.clearTimeout(timer);
  }, [animating, index, transitionMs]);

  useEffect(() => {
    if (count < 2 || !playing || hovered || animating) return;
    const timer = window.setTimeout(() => go(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [count, playing, hovered, animating, index, go]);

  if (count === 0) {
    return <SmartImage src={null} alt={name} width={width} height={height} emptyText="No image available" className="carousel__empty" />;
  }

  const onSwipeEnd = (x: number) => {
    if (startX.current == null) return;
    const delta = x - startX.current;
    startX.current = null;
    if (Math.abs(delta) > SWIPE_THRESHOLD_PX) go(delta < 0 ? index + 1 : index - 1);
  };

  return (
    <div
      className={`carousel ${thumbnails ? 'carousel--gallery' : 'carousel--card'}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={`${name} images`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className="carousel__viewport"
        style={{ aspectRatio: `${width} / ${height}` }}
        onTouchStart={(e) => (startX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => onSwipeEnd(e.changedTouches[0]?.clientX ?? 0)}
        onPointerDown={(e) => e.pointerType === 'mouse' && (startX.current = e.clientX)}
        onPointerUp={(e) => e.pointerType === 'mouse' && onSwipeEnd(e.clientX)}
      >
        <div
          className="carousel__track"
          data-index={index}
          // Announce the new image only when the person changed it, not on every auto-advance.
          aria-live={playing ? 'off' : 'polite'}
          style={{ transform: `translateX(-${index * 100}%)`, transition: transitionMs ? `transform ${transitionMs}ms ease` : 'none' }}
        >
          {images.map((image, i) => (
            <div
              className="carousel__slide"
              key={`${image.label}-${image.src}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${image.label}`}
              aria-hidden={i !== index}
            >
              <SmartImage src={image.src} alt={`${name} — ${image.label}`} width={width} height={height} eager={eager && i === 0} priority={eager && i === 0} />
            </div>
          ))}
        </div>
        {count > 1 && (
          <>
            <button type="button" className="carousel__nav carousel__nav--prev" aria-label="Previous image" onClick={() => go(index - 1)}>
              ‹
            </button>
            <button type="button" className="carousel__nav carousel__nav--next" aria-label="Next image" onClick={() => go(index + 1)}>
              ›
            </button>
            <button
              type="button"
              className="carousel__play"
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              title={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setPlayChoice(!playing)}
            >
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          </>
        )}
      </div>
      {count > 1 &&
        (thumbnails ? (
          <div className="carousel__thumbs">
            {images.map((image, i) => (
              <button
                type="button"
                key={`${image.label}-${image.src}`}
                className="carousel__thumb"
                aria-label={image.label}
                aria-pressed={i === index}
                onClick={() => i !== index && go(i)}
              >
                <SmartImage src={image.src} alt="" width={64} height={64} />
                <span aria-hidden="true">{image.label}</span>
              </button>
            ))}
          </div>
        ) : (
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                type="button"
                key={`${image.label}-${image.src}`}
                className="carousel__dot"
                aria-label={`Show ${image.label} image`}
                aria-pressed={i === index}
                onClick={() => i !== index && go(i)}
              />
            ))}
          </div>
        ))}
    </div>
  );
}
