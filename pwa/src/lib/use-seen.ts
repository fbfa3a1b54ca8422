import { type RefObject, useEffect, useState } from 'react';

/**
 * True once at least `fraction` of the element has been on screen while `watching`, and from then
 * on (watch once the layout above it has settled). Where IntersectionObserver is missing it is true
 * at once, so nothing waits forever.
 */
export function useSeen(ref: RefObject<Element | null>, fraction: number, watching = true): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !watching || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= fraction)) setSeen(true);
      },
      { threshold: fraction },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fraction, seen, watching]);
  return seen;
}
