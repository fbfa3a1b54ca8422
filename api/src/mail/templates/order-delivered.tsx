import { Text } from './elements';
import type { OrderMailData } from './types';
import { styles } from './layout';
import { customerOrderMail, Fulfilment, OrderLines, ViewOrderLink } from './order-parts';

/** To the customer when the carrier reports the order delivered; says how to reach the shop if something is wrong (the 14-day promise of the FAQ). */
export const orderDelivered = customerOrderMail<OrderMailData>({
  label: 'Order delivered (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} was delivered`,
  preview: () => 'Enjoy your cocoa! Tell us if anything is not right.',
  heading: (order) => <>Your order has arrived, {order.customerName}</>,
  body: (order, shop) => (
    <>
      <Text style={styles.text}>
        Order {order.orderNumber} was delivered. We hope you enjoy every cup. If something is not right, reply to this e-mail within 14 days and we will make it
        right.
      </Text>
      <Fulfilment order={order} shop={shop} shippingHeading="Delivered to" />
      <OrderLines order={order} />
      <ViewOrderLink order={order} />
    </>
  ),
});
