import { Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, styles } from './layout';
import type { MailTemplate } from './mail-template';
import { CustomerOrderMail, Fulfilment, OrderLines, testTag, ViewOrderLink } from './order-parts';

/** To the customer when the order leaves: carrier, tracking number and, when the carrier has one, a tracking link. */
export const orderShipped: MailTemplate<MailTemplates['order-shipped']> = {
  label: 'Order shipped (to the customer)',
  subject: (order, shop) => `${testTag(order)}Your ${shop.name} order ${order.orderNumber} has shipped`,
  Email: ({ data: order, shop }) => (
    <CustomerOrderMail
      order={order}
      shop={shop}
      subject={orderShipped.subject(order, shop)}
      preview={`${order.carrier} tracking number ${order.trackingNumber}`}
      heading={<>Your order is on its way, {order.customerName}!</>}
    >
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
    </CustomerOrderMail>
  ),
};
