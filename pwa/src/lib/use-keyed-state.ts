import { type SetStateAction, useCallback, useState } from 'react';

interface Keyed<T> {
  key: unknown;
  value: T;
}

/**
 * State that starts again from `initial` whenever `key` changes: a menu that closes on navigation,
 * a page number that returns to 0 for a new search. The value is kept with the key it was set
 * under and read back only while that key holds, so the reset happens in the same render (React's
 * "adjusting state when a prop changes") rather than in an effect that renders the stale value
 * once more.
 */
export function useKeyedState<T>(initial: T, key: unknown): [T, (next: SetStateAction<T>) => void] {
  const [state, setState] = useState<Keyed<T>>({ key, value: initial });
  const value = Object.is(state.key, key) ? state.value : initial;
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setState((previous) => {
        const current = Object.is(previous.key, key) ? previous.value : initial;
        return { key, value: typeof next === 'function' ? (next as (current: T) => T)(current) : next };
      }),
    [key, initial],
  );
  return [value, set];
}
