import { calendarStatusQueryOptions } from '../../calendar/api/calendar-status';
import { STATUS_POLL_MS } from '../../shared/api/status-poll';
import { squareAuthStatusQueryOptions } from './square-status';

describe('status polling', () => {
  it('polls the Square connection and the calendar status every 30 s', () => {
    expect(STATUS_POLL_MS).toBe(30_000);
    expect(squareAuthStatusQueryOptions.refetchInterval).toBe(30_000);
    expect(calendarStatusQueryOptions.refetchInterval).toBe(30_000);
    expect(squareAuthStatusQueryOptions.queryKey[0]).toBe('admin');
  });
});
