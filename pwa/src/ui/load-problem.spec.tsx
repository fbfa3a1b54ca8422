import { act, render, screen } from '@testing-library/react';
import { LoadProblem } from './load-problem';

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

  it('offline says what will show; back online it loads at once, and again at 2 s and 5 s while the problem is still shown', () => {
    setOnline(false);
    const onRetry = jest.fn();
    render(<LoadProblem page offline="This product is not saved on this device yet." failed="This product could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: "You're offline" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();

    setOnline(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Unable to load' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(2_000));
    expect(onRetry).toHaveBeenCalledTimes(2);
    act(() => jest.advanceTimersByTime(3_000));
    expect(onRetry).toHaveBeenCalledTimes(3);
    act(() => jest.advanceTimersByTime(60_000));
    expect(onRetry).toHaveBeenCalledTimes(3);
  });

  it('tries no more once the data has shown (the problem is gone) or the connection drops again', () => {
    setOnline(false);
    const onRetry = jest.fn();
    const { unmount } = render(<LoadProblem offline="Not saved yet." failed="Could not load." onRetry={onRetry} />);
    setOnline(true);
    setOnline(false);
    act(() => jest.advanceTimersByTime(10_000));
    expect(onRetry).toHaveBeenCalledTimes(1);
    setOnline(true);
    unmount();
    act(() => jest.advanceTimersByTime(10_000));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });
});
