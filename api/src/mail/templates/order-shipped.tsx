import { Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, styles } from './layout';
import { customerOrderMail, Fulfilment, OrderLines, ViewOrderLink } from './order-parts';

/** To the customer when the order leaves: carrier, tracking number and, when the carrier has one, a tracking link. */
export const orderShipped = customerOrderMail<MailTemplates['order-shipped']>({
  label: 'Order shipped (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} has shipped`,
  preview: (order) => `${order.carrier} tracking number ${order.trackingNumber}`,
  heading: (order) => <>Your order is on its way, {order.customerName}!</>,
  body: (order, shop) => (
    <>
      <Text style={styles.text}>
        Order {order.orderNumber} has shipped with {order.carrier}.
        <br />
        Tracking number: <strong>{order.trackingNumber}</strong>
      </Text>
      {order.trackingUrl ? (
        <ActionButton href={order.trackingUrl}>Track your package</ActionButton>
      ) : (
        <Text style={styles.text}>You can follow the package with this tracking number on {order.carrier}&apos;s website.</Text>
      )}
      <Fulfilment order={order} shop={shop} />
      <OrderLines order={order} />
      <ViewOrderLink order={order} />
    </>
  ),
});
