import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose rules load with its first check instead of with its page: building zod
 * schemas (and the rule files they come from) costs a phone tens of milliseconds, and a page like
 * /events shows two forms most visitors never fill in. `load` answers the resolver; a load that
 * fails (no network, the chunk not cached) is tried again at the next check.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

/** react-hook-form's zod resolver, loaded on first use (lazyResolver). */
export const loadZodResolver = () => import('@hookform/resolvers/zod').then((m) => m.zodResolver);
