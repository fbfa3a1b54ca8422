import { type RefObject, useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Loads once, on first use: `load` again only after a failure (no network, the chunk not cached).
 */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * A form's resolver whose rules load apart from its page: building zod schemas (and the rule files
 * they come from) costs a phone tens of milliseconds, and a page like /events shows two forms below
 * its first screen that most visitors never fill in. The form loads them as it comes near the
 * screen (useLoadWhenNear with `preload`), so they are in before anyone types, even if the signal
 * then drops; a check made before that waits for them.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> & { preload: () => Promise<unknown> } {
  const rules = lazyOnce(load);
  const resolver: Resolver<TValues, TContext, TOutput> = async (values, context, options) => (await rules())(values, context, options);
  return Object.assign(resolver, { preload: rules });
}

/** react-hook-form's zod resolver, loaded on first use. */
export const loadZodResolver = () => import('@hookform/resolvers/zod').then((m) => m.zodResolver);

/**
 * Calls `load` once the element is within a screen or so of the viewport (at once without
 * IntersectionObserver). A failed load is left for the first use to try again (lazyOnce).
 */
export function useLoadWhenNear(ref: RefObject<Element | null>, load: () => Promise<unknown>): void {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined);
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      preload();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        preload();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, load]);
}
