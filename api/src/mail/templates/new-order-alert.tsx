import { Heading, Link, Text } from './elements';
import { formatCents } from '@cocoa/shared-types';
import type { MailTemplates, ShopIdentity } from './types';
import { ActionButton, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';
import { Fulfilment, OrderLines, pickupClock, placedOn, TestOrderNotice, testTag } from './order-parts';

/** To the shop (CONTACT_TO) when an order is paid: what to pack, where it goes (or when and where it is picked up), a link into the admin. */
export const newOrderAlert: MailTemplate<MailTemplates['new-order-alert']> = {
  label: 'New order alert (to the shop)',
  subject: (order) => `${testTag(order)}New order ${order.orderNumber}: ${formatCents(order.totalCents)} from ${order.customerName}`,
  Email: ({ data: order, shop }) => (
    <MailLayout
      shop={shop}
      title={newOrderAlert.subject(order, shop)}
      preview={alertPreview(order, shop)}
      footerNote={`Sent to the shop by the ${shop.name} website for each paid order.`}
    >
      <Heading as="h1" style={styles.heading}>
        New order {order.orderNumber}
      </Heading>
      <TestOrderNotice order={order} />
      <Text style={styles.text}>
        {order.customerName} (
        <Link href={`mailto:${order.email}`} style={styles.link}>
          {order.email}
        </Link>
        ) paid {formatCents(order.totalCents)} on {placedOn(order, shop)}.
      </Text>
      <ActionButton href={order.adminUrl}>Open the order in the admin</ActionButton>
      <OrderLines order={order} />
      <Fulfilment order={order} shop={shop} shippingHeading="Ship to" forShop />
    </MailLayout>
  ),
};

/** '3 items to pack for Ana Díaz', or for a pickup order '3 items for Ana at 5:30 PM, Lakeside Pavilion'. */
function alertPreview(order: MailTemplates['new-order-alert'], shop: ShopIdentity): string {
  const items = order.items.reduce((n, line) => n + line.quantity, 0);
  if (order.pickup) return `${items} items for ${order.pickup.name} at ${pickupClock(order.pickup, shop)}, ${order.pickup.stopName}`;
  return `${items} items to pack for ${order.shippingAddress?.name ?? order.customerName}`;
}
