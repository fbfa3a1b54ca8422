import { Link } from 'react-router-dom';
import { formatCents, formatLongDate, ORDER_ID_DISPLAY_LENGTH, type ProviderOrder } from '@cocoa/shared-types';
import { PostalAddress } from '../../../ui/postal-address';
import { FulfilmentStatus } from './fulfilment-status';
import { OrderHeader } from './order-header';

/**
 * One order of the history: id (8 characters), state, date, total, where the parcel is (with its
 * tracking link once shipped) and a link to the order's page; items and shipping fold open.
 */
export function OrderCard({ order }: { order: ProviderOrder }) {
  const shortId = order.id.slice(0, ORDER_ID_DISPLAY_LENGTH);
  const recipient = order.fulfillments[0]?.shipmentDetails?.recipient;
  const itemCount = order.lineItems.reduce((sum, item) => sum + (Number(item.quantity) || 0), 0);
  return (
    <article className="card order-card" aria-labelledby={`order-${order.id}-title`}>
      <OrderHeader
        heading={
          <h2 id={`order-${order.id}-title`} className="order-card__title">
            Order #{shortId}
          </h2>
        }
        date={formatLongDate(order.createdAt)}
        state={order.state}
        testMode={order.testMode}
      />
      <FulfilmentStatus fulfilment={order.fulfilment} />
      <p className="order-card__total">
        Total <strong data-testid="order-total">{formatCents(order.totalMoney?.amount ?? 0)}</strong>
      </p>
      <details className="order-card__section">
        <summary>Items ({itemCount})</summary>
        <ul className="order-card__items">
          {order.lineItems.map((item, index) => (
            <li key={index}>
              <span>
                {item.name} <span className="muted">× {item.quantity}</span>
                <span className="muted order-card__unit"> at {formatCents(item.basePriceMoney.amount)}</span>
              </span>
              <span>{formatCents(item.totalMoney.amount)}</span>
            </li>
          ))}
        </ul>
        <dl className="order-card__money">
          <div>
            <dt>Shipping</dt>
            <dd>{formatCents(order.totalServiceChargeMoney?.amount ?? 0)}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(order.totalTaxMoney?.amount ?? 0)}</dd>
          </div>
        </dl>
      </details>
      {recipient && (
        <details className="order-card__section">
          <summary>Shipping details</summary>
          <PostalAddress
            name={recipient.displayName}
            street={recipient.address.addressLine1}
            city={recipient.address.locality}
            state={recipient.address.administrativeDistrictLevel1}
            zip={recipient.address.postalCode}
            country={recipient.address.country}
          />
        </details>
      )}
      <p className="order-card__more">
        <Link to={`/orders/${order.id}`}>View order #{shortId}</Link>
      </p>
    </article>
  );
}
