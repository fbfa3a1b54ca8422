import { fulfilmentLabel, FULFILMENT_TONES, type OrderFulfilment } from '@cocoa/shared-types';
import { StatusPill } from '../../../ui/status-pill';

/**
 * Where the parcel is (the shop's own record, shown beside the payment-state badge, which keeps
 * the provider's states): the fulfilment label and, once shipped, the carrier, tracking number and tracking link.
 * The link opens the carrier's page in a new tab without a referrer (the order link's token must
 * not travel to the carrier).
 */
export function FulfilmentStatus({ fulfilment }: { fulfilment: OrderFulfilment | undefined }) {
  if (!fulfilment) return null;
  const { status, carrier, trackingNumber, trackingUrl } = fulfilment;
  const shipped = status === 'shipped' || status === 'delivered';
  return (
    <div className="fulfilment-status">
      <p className="fulfilment-status__state">
        <StatusPill className="fulfilment-badge" tone={status ? FULFILMENT_TONES[status] : undefined} data-status={status ?? 'unpaid'}>
          {fulfilmentLabel(status)}
        </StatusPill>
      </p>
      {shipped && carrier && (
        <p className="fulfilment-status__tracking">
          Shipped with {carrier === 'Other' ? 'our courier' : carrier}
          {trackingNumber && (
            <>
              {' '}
              · tracking number <span className="fulfilment-status__number">{trackingNumber}</span>
            </>
          )}
          {trackingUrl && (
            <>
              {' '}
              <a className="fulfilment-status__link" href={trackingUrl} target="_blank" rel="noopener noreferrer">
                Track your parcel
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}
