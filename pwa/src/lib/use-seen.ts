import { type RefObject, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * True once at least `fraction` of the element has been on screen while `watching`, and from then
 * on (watch once the layout above it has settled). Where IntersectionObserver is missing it is true
 * once mounted, so nothing waits forever. False on the server and in the hydration of its markup.
 */
export function useSeen(ref: RefObject<Element | null>, fraction: number, watching = true): boolean {
  const [seen, setSeen] = useState(false);
  const hydrated = useHydrated();
  const unobservable = typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (seen || unobservable || !watching || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= fraction)) setSeen(true);
      },
      { threshold: fraction },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fraction, seen, unobservable, watching]);
  return seen || (hydrated && unobservable);
}
