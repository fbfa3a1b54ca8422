import { Link, useParams } from 'react-router-dom';
import { formatLongDate, formatPrice, orderNumberOf, type OrderView } from '@cocoa/shared-types';
import { ApiError, messageOf } from '../../../lib/api-fetch';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LinkPage, LinkPageLoading, LinkProblem, useLinkAccess } from '../../auth';
import { useOrder } from '../api/order';
import { FulfilmentStatus } from '../components/fulfilment-status';
import { OrderAddress } from '../components/order-address';
import { OrderHeader } from '../components/order-header';
import { OrderSums } from '../components/order-sums';
import { PickupStatus } from '../components/pickup-status';
import '../orders.css';

function OrderBody({ order, checkFailed }: { order: OrderView; checkFailed: boolean }) {
  return (
    <article className="card order-page" aria-labelledby="order-page-title">
      <OrderHeader
        heading={
          <h1 id="order-page-title" className="order-card__title">
            Order #{orderNumberOf(order.id)}
          </h1>
        }
        date={`Placed ${formatLongDate(order.createdAt)}`}
        state={order.status}
        testMode={order.testMode}
      />
      {order.pickup ? (
        <PickupStatus orderId={order.id} pickup={order.pickup} shopZone={order.pickup.timeZone} checkFailed={checkFailed} />
      ) : (
        <FulfilmentStatus fulfilment={order.fulfilment} />
      )}
      <section aria-labelledby="order-page-items">
        <h2 id="order-page-items">Items</h2>
        <ul className="order-card__items">
          {order.items.map((item, index) => (
            <li key={`${item.productId ?? 'x'}-${index}`}>
              <span>
                {item.name} <span className="muted">× {item.quantity}</span>
                <span className="muted order-card__unit"> at {formatPrice(item.price)}</span>
              </span>
              <span>{formatPrice(item.total)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-card__money">
          <OrderSums order={order} totalClassName="order-page__total" totalTestId="order-page-total" />
          {order.refunded > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>{formatPrice(order.refunded)}</dd>
            </div>
          )}
        </dl>
      </section>
      {!order.pickup && (
        <section aria-labelledby="order-page-shipping">
          <h2 id="order-page-shipping">Shipping to</h2>
          <OrderAddress order={order} />
        </section>
      )}
    </article>
  );
}

/** What a failed load says: the link's own problem (403 not valid, 410 expired), or not found. */
function OrderProblem({ error, signInTarget, onRetry }: { error: unknown; signInTarget: string; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const title =
    status === 410 ? 'This link has expired' : status === 403 ? 'This link is not valid' : status === 404 ? 'Order not found' : 'Unable to load this order';
  return (
    <LinkProblem
      title={title}
      message={messageOf(error, 'Please try again.')}
      actionsClassName="order-page__actions"
      onRetry={status === 0 || status >= 500 ? onRetry : undefined}
      signInTarget={status === 404 ? undefined : signInTarget}
    >
      <Link to="/orders" className="btn btn--primary">
        Your orders
      </Link>
    </LinkProblem>
  );
}

/**
 * /orders/{id}: one order with where it is (fulfilment and tracking, or a pickup order's code and
 * status, kept current), its lines and totals. Opens for anyone with the e-mail link's token
 * (?token=, no account needed; the pickup checkout's answer carries it too), or for its signed-in
 * owner without one; a visitor without a token is sent to sign in first.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const { token, user, here, waitForUser, load, signIn } = useLinkAccess();
  useDocumentTitle(`Order #${orderNumberOf(id)}`);
  const query = useOrder(id, token, user?.id ?? null, load);

  return (
    <LinkPage
      signIn={signIn}
      waitForUser={waitForUser}
      className="order-page-wrap"
      back={
        <p className="order-page__back">
          <Link to={user ? '/orders' : '/products'}>{user ? 'All your orders' : 'Continue shopping'}</Link>
        </p>
      }
    >
      {query.data ? (
        // Shown as last heard while a pickup order's page asks again and that fails (offline).
        <OrderBody order={query.data} checkFailed={query.isError} />
      ) : query.isError ? (
        <OrderProblem error={query.error} signInTarget={here} onRetry={() => void query.refetch()} />
      ) : (
        <LinkPageLoading label="Loading your order" />
      )}
    </LinkPage>
  );
}
