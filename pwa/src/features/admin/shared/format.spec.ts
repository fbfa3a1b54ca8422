import { dayInputValue, formatBytes, formatDay, noonLocalIso } from './format';

describe('formatBytes (backup sizes)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024, '5.25 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
  ])('%p bytes → %p', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it('treats a missing or bad size as 0 B', () => {
    expect(formatBytes(undefined)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('dates', () => {
  it("shows 'MMM dd, yyyy'", () => {
    expect(formatDay(new Date(2026, 10, 5, 12))).toBe('Nov 05, 2026');
    expect(formatDay('nonsense')).toBe('');
  });

  it('sends the chosen day as noon local time and reads it back as the same day', () => {
    const iso = noonLocalIso('2026-12-24')!;
    const date = new Date(iso);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2026, 11, 24, 12, 0]);
    expect(dayInputValue(iso)).toBe('2026-12-24');
  });

  it('refuses a day that does not exist', () => {
    expect(noonLocalIso('2026-02-30')).toBeNull();
    expect(noonLocalIso('')).toBeNull();
  });
});
