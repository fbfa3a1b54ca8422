import { DEFAULT_SHOP_TIME_ZONE, liveAsOf, liveHeadline, liveSoldOutLine, type LiveState, shopClock } from '@cocoa/shared-types';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { SkeletonLines } from '../../../ui/skeleton';
import { useLiveState } from '../../live';
import { LiveCheckIn } from './live-tab-check-in';
import { LiveHistory } from './live-tab-history';
import { LiveStatusPanel } from './live-tab-status';
import { OrderAheadCard } from './order-ahead-card';
import { PickupQueue } from './pickup-queue';
import './live-tab.css';

/** What visitors see now, as the tracker's banner says it. */
function LiveNow({ state, stale, heardAt }: { state: LiveState | null; stale: boolean; heardAt: Date | null }) {
  const headline = state ? liveHeadline(state) : null;
  const soldOut = state ? liveSoldOutLine(state) : null;
  return (
    <section className={`card admin-card live-now${headline ? ' live-now--on' : ''}`} aria-labelledby="live-now-title">
      <h2 id="live-now-title">{headline ? 'Visitors see' : "You're not checked in"}</h2>
      <div role="status" aria-live="polite">
        {headline && state ? (
          <>
            <p className="live-now__headline">{headline}</p>
            {soldOut && <p className="live-now__soldout">{soldOut}</p>}
            {state.since && <p className="muted">Checked in at {shopClock(new Date(state.since), state.timeZone)}</p>}
          </>
        ) : (
          <p className="muted">Visitors see the schedule only. Tell them when you arrive: pick today’s stop below and tap We're here.</p>
        )}
        {stale && heardAt && state && <p className="admin-warning">You may be offline: this is {liveAsOf(heardAt, state.timeZone)}.</p>}
      </div>
    </section>
  );
}

/**
 * The owner's Live tab, made for the tablet at the cart: what visitors see, then today's pickup
 * orders (worked one tap at a time, at the top: the owner works down them all day); a large
 * 'We're here' check-in at one of today's stops or wherever the tablet is; then one tap per status
 * (serving, late, closing, closed, sold out, back in stock) and check-out; the recent changes below.
 * Visitors' pages update within seconds over the live stream, and so does this tab.
 */
export function LiveTab() {
  const { state, stale, heardAt, loading, failed } = useLiveState();
  const timeZone = state?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  // 'We've moved' opens the check-in again; it closes by itself once the cart has moved (or left).
  const [moving, setMoving] = useKeyedState(false, state?.since ?? null);
  const live = state?.live === true;
  return (
    <div className="admin-stack live-tab">
      {loading ? (
        <SkeletonLines label="Loading the live state" count={1} className="skeleton--row" />
      ) : failed ? (
        <p className="admin-warning" role="alert">
          What visitors see now could not be loaded. You can still check in.
        </p>
      ) : (
        <LiveNow state={state} stale={stale} heardAt={heardAt} />
      )}
      <PickupQueue timeZone={timeZone} />
      {!loading && !live && <LiveCheckIn timeZone={timeZone} />}
      {live && state && <LiveStatusPanel state={state} />}
      {live &&
        (moving ? (
          <LiveCheckIn timeZone={timeZone} moving onDone={() => setMoving(false)} />
        ) : (
          <button type="button" className="btn btn--outline live-action live-move" onClick={() => setMoving(true)}>
            We've moved
          </button>
        ))}
      <OrderAheadCard />
      <LiveHistory timeZone={timeZone} />
    </div>
  );
}
