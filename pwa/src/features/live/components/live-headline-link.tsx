import { Link } from 'react-router-dom';
import { liveAsOf, liveHeadline } from '@cocoa/shared-types';
import { useLiveState } from '../api/use-live-state';
import '../live.css';

/** The home page's line while the cart is out: the tracker's headline, linking to it. Nothing otherwise. */
export function LiveHeadlineLink() {
  const { state, heardAt, stale } = useLiveState();
  const headline = state ? liveHeadline(state) : null;
  if (!state || !headline) return null;
  const off = state.status === 'closed' || stale;
  return (
    <p className="live-line">
      <Link to="/cocoa-tracker">
        <span className={`live-dot${off ? ' live-dot--off' : ''}`} aria-hidden="true" />
        <span>{headline}</span>
        {stale && heardAt && <span className="live-line__asof">{liveAsOf(heardAt, state.timeZone)}</span>}
      </Link>
    </p>
  );
}
