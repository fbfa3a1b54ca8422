import { liveAsOf, liveHeadline, liveSoldOutLine, shopClock } from './live';
import type { LiveState } from './schemas/live.schema';

const base: LiveState = {
  live: true,
  place: { stopId: 3, label: 'Millennium Park', address: '201 E Randolph St, Chicago, IL', latitude: 41.8826, longitude: -87.6226 },
  status: 'serving',
  minutes: null,
  soldOut: [],
  since: '2026-01-15T20:00:00.000Z',
  updatedAt: '2026-01-15T21:00:00.000Z',
  timeZone: 'America/Chicago',
};

describe('live wording', () => {
  it('says where the cart is serving, late, closing (at the shop’s clock) or closed', () => {
    expect(liveHeadline(base, 'America/Chicago')).toBe('Serving now at Millennium Park');
    expect(liveHeadline({ ...base, status: 'late', minutes: 15 }, 'America/Chicago')).toBe('Running 15 minutes late at Millennium Park');
    expect(liveHeadline({ ...base, status: 'late', minutes: 1 }, 'America/Chicago')).toBe('Running 1 minute late at Millennium Park');
    // 21:00Z + 20 min = 3:20 PM in Chicago (CST, January).
    expect(liveHeadline({ ...base, status: 'closing', minutes: 20 }, 'America/Chicago')).toBe('Closing at 3:20 PM at Millennium Park');
    expect(liveHeadline({ ...base, status: 'closing', minutes: 20 }, 'America/New_York')).toBe('Closing at 3:20 PM CST at Millennium Park');
    expect(liveHeadline({ ...base, status: 'closed' })).toBe('Closed for today');
    expect(liveHeadline({ ...base, live: false, place: null, status: null })).toBeNull();
  });

  it('lists what sold out', () => {
    expect(liveSoldOutLine(base)).toBeNull();
    expect(liveSoldOutLine({ ...base, soldOut: ['Iced Mocha'] })).toBe('Sold out of Iced Mocha');
    expect(liveSoldOutLine({ ...base, soldOut: ['Iced Mocha', 'Classic Hot Cocoa', 'Churros'] })).toBe('Sold out of Iced Mocha, Classic Hot Cocoa and Churros');
  });

  it('shows when a state kept offline was heard, at the shop’s clock', () => {
    expect(liveAsOf(new Date('2026-07-04T19:41:00Z'), 'America/Chicago', 'America/Chicago')).toBe('as of 2:41 PM');
    expect(shopClock(new Date('2026-07-04T19:41:00Z'), 'America/Chicago', 'America/Los_Angeles')).toBe('2:41 PM CDT');
  });
});
