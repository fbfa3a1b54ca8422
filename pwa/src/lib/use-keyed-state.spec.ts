import { act, renderHook } from '@testing-library/react';
import { useKeyedState } from './use-keyed-state';

describe('useKeyedState', () => {
  it('keeps a value while its key holds and starts again from the initial value for a new key', () => {
    const { result, rerender } = renderHook(({ key }) => useKeyedState(0, key), { initialProps: { key: 'a' } });
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ key: 'a' });
    expect(result.current[0]).toBe(3);
    rerender({ key: 'b' });
    // Reset in the very render that saw the new key, never showing the old value under it.
    expect(result.current[0]).toBe(0);
  });

  it('applies an updater to the value of the current key, not to one left under an old key', () => {
    const { result, rerender } = renderHook(({ key }) => useKeyedState(0, key), { initialProps: { key: 'a' } });
    act(() => result.current[1](5));
    rerender({ key: 'b' });
    act(() => result.current[1]((n) => n + 1));
    expect(result.current[0]).toBe(1);
    rerender({ key: 'a' });
    // Going back to an old key starts afresh too: the stored value belongs to the last key only.
    expect(result.current[0]).toBe(0);
  });
});
