import { useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { noChanges } from '../../../lib/use-hydrated';
import { useOnline } from '../../../lib/use-online';
import { LoadProblem } from '../../../ui/load-problem';
import { Skeleton } from '../../../ui/skeleton';
import { isStopId, useStopPickup } from '../api/stop-pickup';
import { PickupOrder } from '../components/pickup-order';
import { StopHeading } from '../components/stop-heading';
import { pickupOrderFor } from '../last-pickup-order';
import '../order-ahead.css';

function StopNotFound() {
  return (
    <div className="container page empty-state">
      <h1>Stop Not Found</h1>
      <p>This stop is not on the cart's schedule. It may have been moved or removed.</p>
      <Link to="/cocoa-tracker" className="btn btn--primary">
        See where the cart will be
      </Link>
    </div>
  );
}

/**
 * /stops/{id}: a stop of the cart and, while it takes orders ahead, its menu and pickup times to
 * order and pay for drinks collected there. Open to guests; the order is apart from the shop's
 * cart (docs/order-ahead.md). When the stop takes no orders now, the reason is all there is.
 */
export default function StopPage() {
  const { id = '' } = useParams();
  const query = useStopPickup(id);
  const online = useOnline();
  const pickup = query.data;
  // The device's own memory: not in the server's markup, read once the app has taken over.
  const placed = useSyncExternalStore(
    noChanges,
    () => pickupOrderFor(id),
    () => null,
  );
  useDocumentTitle(pickup ? `Order ahead: ${pickup.stop.name}` : pickup === null ? 'Stop Not Found' : 'Order ahead');

  if (!isStopId(id) || pickup === null) return <StopNotFound />;
  if (query.isPending) {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading the stop">
        <Skeleton className="skeleton--title" />
        <Skeleton className="skeleton--row" />
        <Skeleton className="skeleton--row" />
      </div>
    );
  }
  if (!pickup) {
    return (
      <LoadProblem
        page
        offline="This stop's menu and pickup times are not saved on this device yet. They will show here when you're back online."
        failed="This stop's menu and pickup times could not be loaded right now."
        onRetry={() => void query.refetch()}
      />
    );
  }

  const shopZone = pickup.timeZone;
  return (
    <div className="container page order-ahead">
      <StopHeading stop={pickup.stop} shopZone={shopZone} />
      {placed && (
        <p className="notice" role="status">
          You have ordered for this stop. <Link to={placed}>See your order</Link>
        </p>
      )}
      {!online ? (
        <p className="notice" role="status">
          You're offline: the menu and times shown may have changed. Ordering needs a connection.
        </p>
      ) : (
        query.isError && (
          <p className="notice" role="status">
            The menu and times could not be checked just now: they may have changed.{' '}
            <button type="button" className="link-btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        )
      )}
      {pickup.open ? (
        <>
          <p className="muted order-ahead__apart">This order is for pickup at this stop only, apart from your shopping cart: nothing in your cart changes.</p>
          <PickupOrder pickup={pickup} shopZone={shopZone} onRefresh={() => void query.refetch()} />
        </>
      ) : (
        <section className="card order-ahead__closed" aria-labelledby="order-ahead-closed-title">
          <h2 id="order-ahead-closed-title">Not taking orders ahead</h2>
          <p>{pickup.reason ?? 'This stop is not taking orders ahead right now.'}</p>
          <Link to="/cocoa-tracker">See the cart's other stops</Link>
        </section>
      )}
    </div>
  );
}
