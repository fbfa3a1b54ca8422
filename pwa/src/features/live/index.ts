/**
 * Public entry of the live feature: the cart's state now, for visitors and the owner.
 * The home page (in the start-up chunk) imports this file lazily, so nothing here is in the first
 * screen's JavaScript; keep zod and the larger schemas out of what it imports (parse-live-state
 * loads on its own).
 */
export { useLiveState } from './api/use-live-state';
export { LiveBanner } from './components/live-banner';
export { LiveHeadlineLink } from './components/live-headline-link';
// The owner's side (the admin's Live tab).
export {
  type LiveChangeDispatch,
  type LiveOwnerChange,
  prefetchCartDay,
  reverseGeocode,
  sendLiveChange,
  useLiveCheckIn,
  useLiveCheckOut,
  useLiveHistory,
  useLiveStatus,
  useTodayStops,
} from './api/admin-live';
export { prefetchLiveState } from './api/live-state';
export { liveQueryKey } from './api/live-snapshot';
