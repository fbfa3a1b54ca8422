import { Text } from './elements';
import type { OrderMailData } from './types';
import { ActionButton, styles } from './layout';
import type { MailTemplate } from './mail-template';
import { CustomerOrderMail, OrderLines, PickupDetails, testTag } from './order-parts';

/** To the customer when the owner marks a pickup order ready: the code to give at the cart, the stop, a link to the order. */
export const pickupReady: MailTemplate<OrderMailData> = {
  label: 'Pickup order ready (to the customer)',
  subject: (order, shop) => `${testTag(order)}Your ${shop.name} order ${order.orderNumber} is ready`,
  Email: ({ data: order, shop }) => (
    <CustomerOrderMail
      order={order}
      shop={shop}
      subject={pickupReady.subject(order, shop)}
      preview={order.pickup ? `Pickup code ${order.pickup.code} at ${order.pickup.stopName}.` : `Order ${order.orderNumber} is ready.`}
      heading={<>Your order is ready, {order.pickup?.name ?? order.customerName}!</>}
    >
      <Text style={styles.text}>
        {order.pickup
          ? `Order ${order.orderNumber} is ready for you at ${order.pickup.stopName}. Give your pickup code at the cart and we will hand it over.`
          : `Order ${order.orderNumber} is ready for you.`}
      </Text>
      {order.pickup && <PickupDetails pickup={order.pickup} shop={shop} heading="Where to pick it up" />}
      <ActionButton href={order.orderUrl}>View your order</ActionButton>
      <OrderLines order={order} />
    </CustomerOrderMail>
  ),
};
