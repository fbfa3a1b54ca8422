import { Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates } from './types';
import { styles, TypedText } from './layout';
import { customerOrderMail, OrderLines, ViewOrderLink } from './order-parts';

/** To the customer for each refund (full or partial): this refund, and the running total when there were several. */
export const orderRefunded = customerOrderMail<MailTemplates['order-refunded']>({
  label: 'Refund (to the customer)',
  subject: (order, shop) => `Refund of ${formatCents(order.refundCents)} for your ${shop.name} order ${order.orderNumber}`,
  preview: (order) => `We refunded ${formatCents(order.refundCents)} to your card.`,
  heading: (order) => <>We have refunded {formatCents(order.refundCents)}</>,
  body: (order) => (
    <>
      <Text style={styles.text}>
        Hello {order.customerName}, we have refunded {formatCents(order.refundCents)} of order {order.orderNumber} to the card you paid with. Your bank may take
        a few business days to show it.
      </Text>
      {order.totalRefundedCents !== order.refundCents && (
        <Text style={styles.text}>
          In all, {formatCents(order.totalRefundedCents)} of the {formatCents(order.totalCents)} you paid has been refunded.
        </Text>
      )}
      {order.reason && (
        <>
          <Text style={{ ...styles.text, margin: '0 0 4px', fontWeight: 700 }}>Reason</Text>
          <TypedText text={order.reason} />
        </>
      )}
      <OrderLines order={order} />
      <ViewOrderLink order={order} />
    </>
  ),
});
