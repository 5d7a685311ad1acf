import { act, renderHook } from '@testing-library/react';
import { useThrottledRefresh } from '../useThrottledRefresh';

describe('useThrottledRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes at once when quiet, then once per window for a stream of events', () => {
    const refresh = jest.fn();
    const { result } = renderHook(() => useThrottledRefresh(refresh, 300));

    act(() => result.current());
    expect(refresh).toHaveBeenCalledTimes(1);

    // Events every 100 ms for a second: never postponed, never more than one per window.
    for (let step = 0; step < 10; step += 1) {
      act(() => {
        jest.advanceTimersByTime(100);
        result.current();
      });
    }
    expect(refresh.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(refresh.mock.calls.length).toBeLessThanOrEqual(5);

    // The last events are caught by the window's end, then it goes quiet.
    const count = refresh.mock.calls.length;
    act(() => jest.advanceTimersByTime(300));
    expect(refresh).toHaveBeenCalledTimes(count + 1);
    act(() => jest.advanceTimersByTime(1_000));
    expect(refresh).toHaveBeenCalledTimes(count + 1);

    // Quiet again: the next event refreshes at once.
    act(() => result.current());
    expect(refresh).toHaveBeenCalledTimes(count + 2);
  });

  it('drops what is pending when the page goes away', () => {
    const refresh = jest.fn();
    const { result, unmount } = renderHook(() => useThrottledRefresh(refresh, 300));
    act(() => {
      result.current();
      result.current();
    });
    unmount();
    act(() => jest.advanceTimersByTime(1_000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
