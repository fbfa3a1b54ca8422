import { Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { OrderMailData } from './types';
import { ActionButton, styles } from './layout';
import { customerOrderMail, Fulfilment, OrderLines, placedOn } from './order-parts';

/**
 * To the customer when the order is paid: what they bought, what they paid, where it goes (or, for
 * a pickup order, the code, stop and time), and a link to the order.
 */
export const orderConfirmation = customerOrderMail<OrderMailData>({
  label: 'Order confirmation (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} is confirmed`,
  preview: (order) =>
    `Order ${order.orderNumber}, ${formatCents(order.totalCents)}. ${order.pickup ? 'We will tell you when it is ready.' : 'We will e-mail you when it ships.'}`,
  heading: (order) => <>Thank you for your order, {order.customerName}!</>,
  body: (order, shop) => (
    <>
      <Text style={styles.text}>
        We have received your order {order.orderNumber}, placed on {placedOn(order, shop)}.{' '}
        {order.pickup ? 'We will tell you when it is ready.' : 'We will e-mail you again as soon as it ships.'}
      </Text>
      <ActionButton href={order.orderUrl}>View your order</ActionButton>
      <OrderLines order={order} />
      <Fulfilment order={order} shop={shop} />
    </>
  ),
});
