import type { LiveState } from './schemas/live.schema';
import { formatEventTime } from './time';
import { localTimeZone, sameClock, wallTimeIn, zoneAbbreviation } from './time-zone';

/**
 * What visitors read about the cart now, one wording for the tracker's banner, the home
 * page's line, the admin's preview and the push notifications. Times are the shop's clock, with its
 * zone's abbreviation when the viewer's clock differs ('3:45 PM CST').
 */

/** An instant as the shop's wall clock reads it: '3:45 PM', plus ' CST' when the viewer's clock differs. */
export function shopClock(instant: Date, shopZone: string, viewerZone: string = localTimeZone()): string {
  const wall = wallTimeIn(instant, shopZone);
  const time = formatEventTime(`${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`);
  return sameClock(shopZone, viewerZone, instant) ? time : `${time} ${zoneAbbreviation(shopZone, instant)}`;
}

/** The headline: 'Serving now at Millennium Park', 'Running 15 minutes late at …', 'Closing at 3:45 PM at …', 'Closed for today'; null when not live. */
export function liveHeadline(state: LiveState, viewerZone?: string): string | null {
  if (!state.live || !state.place) return null;
  const at = ` at ${state.place.label}`;
  switch (state.status) {
    case 'late':
      return `Running ${state.minutes ?? 0} minute${state.minutes === 1 ? '' : 's'} late${at}`;
    case 'closing': {
      const closesAt = state.updatedAt ? new Date(new Date(state.updatedAt).getTime() + (state.minutes ?? 0) * 60_000) : null;
      return closesAt ? `Closing at ${shopClock(closesAt, state.timeZone, viewerZone)}${at}` : `Closing soon${at}`;
    }
    case 'closed':
      return 'Closed for today';
    default:
      return `Serving now${at}`;
  }
}

/** Two names of one product, as the owner types them in the sold-out list: case does not matter, accents do. */
export const sameProduct = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;

/**
 * Whether the product is sold out at this stop: the cart is live there and its sold-out list
 * names it. The list the owner keeps on the Live tab is the order-ahead menu's sold-out list too.
 */
export function soldOutAtStop(state: LiveState, stopId: number, productName: string): boolean {
  return state.live && state.place?.stopId === stopId && state.soldOut.some((name) => sameProduct(name, productName));
}

/** 'Sold out of Iced Mocha', 'Sold out of Iced Mocha and Classic Hot Cocoa', or null. */
export function liveSoldOutLine(state: LiveState): string | null {
  if (!state.live || state.soldOut.length === 0) return null;
  const names = state.soldOut;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Sold out of ${list}`;
}

/** 'as of 2:41 PM': when a state shown offline was last heard. */
export function liveAsOf(heardAt: Date, shopZone: string, viewerZone?: string): string {
  return `as of ${shopClock(heardAt, shopZone, viewerZone)}`;
}
