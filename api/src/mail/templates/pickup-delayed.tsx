import { Text } from './elements';
import type { MailTemplates } from './types';
import { ActionButton, styles } from './layout';
import { customerOrderMail, pickupClock, pickupClockOnDay, PickupDetails } from './order-parts';

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/**
 * To the customer when the owner delays the stop's open orders: how late, the new time (pickupAt,
 * already moved), an apology, and the code and link as before. Sent once per delay.
 */
export const pickupDelayed = customerOrderMail<MailTemplates['pickup-delayed']>({
  label: 'Pickup order delayed (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} will be ready a little later`,
  preview: (order, shop) =>
    order.pickup
      ? `Now ready at ${pickupClock(order.pickup, shop)}. Sorry for the wait!`
      : `We are running ${minutes(order.delayMinutes)} late. Sorry for the wait!`,
  heading: () => 'Your order will be ready a little later',
  body: (order, shop) => (
    <>
      <Text style={styles.text}>
        Hello {order.pickup?.name ?? order.customerName}, we are running {minutes(order.delayMinutes)} late
        {order.pickup ? ` at ${order.pickup.stopName}` : ''}.{' '}
        {order.pickup ? (
          <>
            Order {order.orderNumber} will now be ready at <strong>{pickupClockOnDay(order.pickup, shop)}</strong>.
          </>
        ) : (
          `Order ${order.orderNumber} will be ready ${minutes(order.delayMinutes)} later than planned.`
        )}
      </Text>
      <Text style={styles.text}>We are sorry to keep you waiting, and thank you for your patience.</Text>
      {order.pickup && <PickupDetails pickup={order.pickup} shop={shop} heading="Your pickup" />}
      <ActionButton href={order.orderUrl}>View your order</ActionButton>
    </>
  ),
});
