import { act, render, screen } from '@testing-library/react';
import { LoadProblem } from './load-problem';

/** Each step moves the clock on by its milliseconds, after which `onRetry` has been called its count of times. */
function expectTries(onRetry: jest.Mock, steps: Array<[ms: number, calls: number]>) {
  for (const [ms, calls] of steps) {
    act(() => jest.advanceTimersByTime(ms));
    expect(onRetry).toHaveBeenCalledTimes(calls);
  }
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('LoadProblem', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setOnline(true);
  });

  it('offline says what will show; back online it loads at once, and again at 2, 5 and 10 s while the problem is still shown', () => {
    setOnline(false);
    const onRetry = jest.fn();
    render(<LoadProblem page offline="This product is not saved on this device yet." failed="This product could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: "You're offline" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();

    setOnline(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Unable to load' })).toBeTruthy();
    expectTries(onRetry, [
      [2_000, 2],
      [3_000, 3],
      [5_000, 4],
      [60_000, 4],
    ]);
  });

  it('the tries left after a reconnect go on when the notice comes back after a failed try (the loading state took it away meanwhile)', () => {
    setOnline(false);
    const onRetry = jest.fn();
    const notice = <LoadProblem page offline="Not saved yet." failed="Could not load." onRetry={onRetry} />;
    const first = render(notice);
    setOnline(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
    // The try at once: the query shows its loading state, then fails 300 ms later.
    first.unmount();
    act(() => jest.advanceTimersByTime(300));
    const second = render(notice);
    expectTries(onRetry, [[1_700, 2]]);
    second.unmount();
    act(() => jest.advanceTimersByTime(1_000));
    render(notice);
    expectTries(onRetry, [
      [2_000, 3],
      [5_000, 4],
      [60_000, 4],
    ]);
  });

  it('a problem that shows long after the last reconnect is not retried by itself', () => {
    setOnline(false);
    setOnline(true);
    act(() => jest.advanceTimersByTime(30_000));
    const onRetry = jest.fn();
    render(<LoadProblem offline="Not saved yet." failed="Could not load." onRetry={onRetry} />);
    act(() => jest.advanceTimersByTime(60_000));
    expect(onRetry).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('tries no more once the data has shown (the problem is gone) or the connection drops again', () => {
    setOnline(false);
    const onRetry = jest.fn();
    const { unmount } = render(<LoadProblem offline="Not saved yet." failed="Could not load." onRetry={onRetry} />);
    setOnline(true);
    setOnline(false);
    expectTries(onRetry, [[10_000, 1]]);
    setOnline(true);
    unmount();
    expectTries(onRetry, [[10_000, 2]]);
  });
});
