import { Text } from './elements';
import type { OrderMailData } from './types';
import { ActionButton, styles } from './layout';
import { customerOrderMail, OrderLines, PickupDetails } from './order-parts';

/** To the customer when the owner marks a pickup order ready: the code to give at the cart, the stop, a link to the order. */
export const pickupReady = customerOrderMail<OrderMailData>({
  label: 'Pickup order ready (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} is ready`,
  preview: (order) => (order.pickup ? `Pickup code ${order.pickup.code} at ${order.pickup.stopName}.` : `Order ${order.orderNumber} is ready.`),
  heading: (order) => <>Your order is ready, {order.pickup?.name ?? order.customerName}!</>,
  body: (order, shop) => (
    <>
      <Text style={styles.text}>
        {order.pickup
          ? `Order ${order.orderNumber} is ready for you at ${order.pickup.stopName}. Give your pickup code at the cart and we will hand it over.`
          : `Order ${order.orderNumber} is ready for you.`}
      </Text>
      {order.pickup && <PickupDetails pickup={order.pickup} shop={shop} heading="Where to pick it up" />}
      <ActionButton href={order.orderUrl}>View your order</ActionButton>
      <OrderLines order={order} />
    </>
  ),
});
