import { Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { styles, TypedText } from './layout';
import { customerOrderMail, OrderLines, ViewOrderLink } from './order-parts';

/** To the customer when the shop cancels the order: why (when the owner said), and what was refunded. */
export const orderCancelled = customerOrderMail<MailTemplates['order-cancelled']>({
  label: 'Order cancelled (to the customer)',
  subject: (order, shop) => `Your ${shop.name} order ${order.orderNumber} has been cancelled`,
  preview: (order) =>
    order.refundedCents > 0
      ? `We refunded ${formatCents(order.refundedCents)}.`
      : `Order ${order.orderNumber} will not be ${order.pickup ? 'ready for pickup' : 'shipped'}.`,
  heading: () => 'Your order has been cancelled',
  body: (order) => (
    <>
      <Text style={styles.text}>
        Hello {order.customerName}, we have cancelled order {order.orderNumber};{' '}
        {order.pickup ? `there is nothing to pick up at ${order.pickup.stopName}.` : 'it will not be shipped.'}
      </Text>
      {order.reason && (
        <>
          <Text style={{ ...styles.text, margin: '0 0 4px', fontWeight: 700 }}>Reason</Text>
          <TypedText text={order.reason} />
        </>
      )}
      {order.refundedCents > 0 && (
        <Text style={styles.text}>
          We have refunded <strong>{formatCents(order.refundedCents)}</strong> to the card you paid with. Your bank may take a few business days to show it.
        </Text>
      )}
      <OrderLines order={order} />
      <ViewOrderLink order={order} />
    </>
  ),
});
