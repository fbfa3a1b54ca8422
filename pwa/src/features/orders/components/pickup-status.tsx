import { formatLongDate, PICKUP_OPEN_STATES, PICKUP_STATUS_LABELS, PICKUP_STATUS_TONES, type PickupOrder, shopClock } from '@cocoa/shared-types';
import { useOnline } from '../../../lib/use-online';
import { useViewerZone } from '../../../lib/viewer-clock';
import { PushTopicButton } from '../../../ui/push-topic';
import { StatusPill } from '../../../ui/status-pill';

interface Props {
  orderId: string;
  pickup: PickupOrder;
  /** The shop's zone: the pickup time is the cart's clock. */
  shopZone: string;
  /** The last check for news failed (the status shown may be behind). */
  checkFailed: boolean;
}

/** '7 K 3 Q': a code read out one character at a time. */
const spelled = (code: string) => code.split('').join(' ');

/**
 * A pickup order's panel on its page: the code to show at the cart, very large; where it stands
 * (announced as it changes: the page asks again every 2 seconds until it ends); the stop and the
 * time to come on the shop's clock (moved by any delay); the name on the cup; and, where this
 * browser can be told, "Tell me when it's ready".
 */
export function PickupStatus({ orderId, pickup, shopZone, checkFailed }: Props) {
  const viewerZone = useViewerZone();
  const online = useOnline();
  const at = new Date(pickup.pickupAt);
  const waiting = PICKUP_OPEN_STATES.includes(pickup.status);
  return (
    <section className={`pickup-status pickup-status--${pickup.status}`} aria-labelledby="pickup-status-title">
      <h2 id="pickup-status-title">Pickup</h2>
      <div className="pickup-status__code">
        <span className="pickup-status__code-label">Your code</span>
        <span className="pickup-status__code-value" role="img" aria-label={`Pickup code ${spelled(pickup.code)}`}>
          {pickup.code}
        </span>
      </div>
      <p className="pickup-status__state" role="status">
        <StatusPill className="fulfilment-badge" tone={PICKUP_STATUS_TONES[pickup.status]}>
          {PICKUP_STATUS_LABELS[pickup.status]}
        </StatusPill>
      </p>
      {waiting && (!online || checkFailed) && (
        <p className="muted" role="status">
          {online ? 'Could not check for news just now: trying again.' : "You're offline: this status updates when you're back online."}
        </p>
      )}
      <dl className="pickup-status__details">
        <div>
          <dt>Where</dt>
          <dd>
            {pickup.stopName}
            {pickup.address && <span className="muted"> · {pickup.address}</span>}
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            {formatLongDate(at, shopZone)} at {shopClock(at, shopZone, viewerZone)}
            {pickup.delayMinutes > 0 && waiting && (
              <span className="muted">
                {' '}
                (running {pickup.delayMinutes} minutes late, was {shopClock(new Date(pickup.slotStart), shopZone, viewerZone)})
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{pickup.name}</dd>
        </div>
      </dl>
      {waiting && pickup.status !== 'ready' && (
        <div className="pickup-status__push">
          <PushTopicButton
            topic={{ kind: 'order', orderId }}
            name={pickup.stopName}
            label="Tell me when it's ready"
            blocked="Notifications are blocked for this site: keep this page open to see when your order is ready."
          />
        </div>
      )}
    </section>
  );
}
