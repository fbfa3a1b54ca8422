import { useId } from 'react';
import { liveAsOf, liveHeadline, liveSoldOutLine } from '@cocoa/shared-types';
import { useViewerZone } from '../../../lib/viewer-clock';
import { useLiveState } from '../api/use-live-state';
import '../live.css';

/**
 * The tracker's banner above the calendar: 'Serving now at Millennium Park', what sold out, and,
 * when it may be out of date (offline, the stream lost), when it was heard ('as of 2:41 PM').
 * The status region is always there (empty when the cart is not out), so screen readers announce
 * a check-in as it arrives. 'View on map' shows when the page can centre its map on the place
 * (the place has a position).
 */
export function LiveBanner({ onViewOnMap }: { onViewOnMap?: () => void }) {
  const { state, heardAt, stale } = useLiveState();
  // 'Closing at 3:45 PM': with the zone when the visitor's clock differs (the server's first screen: as in the shop's).
  const zone = useViewerZone();
  const headline = state ? liveHeadline(state, zone) : null;
  const soldOut = state ? liveSoldOutLine(state) : null;
  const closed = state?.status === 'closed';
  const headlineId = useId();
  return (
    <div className={`live-banner${headline ? ' is-live' : ''}${closed ? ' live-banner--closed' : ''}`}>
      <div className="live-banner__status" role="status" aria-live="polite">
        {headline && state && (
          <>
            <span className={`live-dot${closed || stale ? ' live-dot--off' : ''}`} aria-hidden="true" />
            <div className="live-banner__text">
              <p className="live-banner__headline" id={headlineId}>
                {headline}
              </p>
              {soldOut && <p className="live-banner__soldout">{soldOut}</p>}
              {stale && heardAt && <p className="muted">{liveAsOf(heardAt, state.timeZone)}</p>}
            </div>
          </>
        )}
      </div>
      {/* described by the headline: told apart from each stop's own View on Map */}
      {headline && onViewOnMap && (
        <button type="button" className="btn btn--small" onClick={onViewOnMap} aria-describedby={headlineId}>
          View on map
        </button>
      )}
    </div>
  );
}
