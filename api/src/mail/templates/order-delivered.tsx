import { Text } from './elements';
import type { OrderMailData } from './types';
import { styles } from './layout';
import type { MailTemplate } from './mail-template';
import { CustomerOrderMail, Fulfilment, OrderLines, testTag, ViewOrderLink } from './order-parts';

/** To the customer when the carrier reports the order delivered; says how to reach the shop if something is wrong (the 14-day promise of the FAQ). */
export const orderDelivered: MailTemplate<OrderMailData> = {
  label: 'Order delivered (to the customer)',
  subject: (order, shop) => `${testTag(order)}Your ${shop.name} order ${order.orderNumber} was delivered`,
  Email: ({ data: order, shop }) => (
    <CustomerOrderMail
      order={order}
      shop={shop}
      subject={orderDelivered.subject(order, shop)}
      preview="Enjoy your cocoa! Tell us if anything is not right."
      heading={<>Your order has arrived, {order.customerName}</>}
    >
      <Text style={styles.text}>
        Order {order.orderNumber} was delivered. We hope you enjoy every cup. If something is not right, reply to this e-mail within 14 days and we will make it
        right.
      </Text>
      <Fulfilment order={order} shop={shop} shippingHeading="Delivered to" />
      <OrderLines order={order} />
      <ViewOrderLink order={order} />
    </CustomerOrderMail>
  ),
};
