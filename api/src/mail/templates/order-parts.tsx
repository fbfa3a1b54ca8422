import { Heading, Link, Section, Text } from '@react-email/components';
import { COUNTRIES, formatCents, formatLongDate } from '@cocoa/shared-types';
import { type CSSProperties, Fragment } from 'react';
import type { OrderMailAddress, OrderMailData, ShopIdentity } from './types';
import { COLOURS, styles } from './layout';

/** '[TEST] ' before the subject of a test-mode order's messages, so nobody packs or refunds it by mistake. */
export const testTag = (order: OrderMailData) => (order.testMode ? '[TEST] ' : '');

/** The day the order was placed, in the shop's time zone. */
export const placedOn = (order: OrderMailData, shop: ShopIdentity) => formatLongDate(order.placedAt, shop.timeZone);

export const customerFooter = (shop: ShopIdentity) =>
  `You are receiving this e-mail about an order you placed at ${shop.name}. Questions? Reply to this e-mail or write to ${shop.email}.`;

export function TestOrderNotice({ order }: { order: OrderMailData }) {
  if (!order.testMode) return null;
  return <Text style={styles.notice}>TEST ORDER: placed in test mode. No payment was taken and nothing will be shipped.</Text>;
}

const cell: CSSProperties = {
  borderBottom: `1px solid ${COLOURS.line}`,
  color: COLOURS.text,
  fontSize: '15px',
  lineHeight: '22px',
  padding: '8px 4px',
  textAlign: 'left',
  verticalAlign: 'top',
};
const numberCell: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap' };
const headCell: CSSProperties = { ...cell, color: COLOURS.muted, fontSize: '13px', fontWeight: 700 };
const totalCell: CSSProperties = { ...numberCell, borderBottom: 'none', fontWeight: 400 };

/**
 * The order's lines and totals as a data table under its heading (column and row headers), the one
 * real table of a message; the text part prints it as aligned columns.
 */
export function OrderLines({ order }: { order: OrderMailData }) {
  const totals: Array<[string, number]> = [
    ['Subtotal', order.subtotalCents],
    ['Shipping', order.shippingCents],
    ['Tax', order.taxCents],
  ];
  return (
    <Section>
      <Heading as="h2" style={styles.subheading}>
        Order {order.orderNumber}
      </Heading>
      <table className="mail-data" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' }}>
        <thead>
          <tr>
            <th scope="col" style={headCell}>
              Item
            </th>
            <th scope="col" style={{ ...headCell, textAlign: 'right' }}>
              Qty
            </th>
            <th scope="col" style={{ ...headCell, textAlign: 'right' }}>
              Price
            </th>
            <th scope="col" style={{ ...headCell, textAlign: 'right' }}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line, i) => (
            <tr key={i}>
              <td style={cell}>{line.name}</td>
              <td style={numberCell}>{line.quantity}</td>
              <td style={numberCell}>{formatCents(line.unitPriceCents)}</td>
              <td style={numberCell}>{formatCents(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, cents]) => (
            <tr key={label}>
              <th scope="row" colSpan={3} style={{ ...totalCell, fontWeight: 400 }}>
                {label}
              </th>
              <td style={totalCell}>{formatCents(cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3} style={{ ...totalCell, fontWeight: 700, borderTop: `2px solid ${COLOURS.text}` }}>
              Total
            </th>
            <td style={{ ...totalCell, fontWeight: 700, borderTop: `2px solid ${COLOURS.text}` }}>{formatCents(order.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </Section>
  );
}

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The shipping address as a label reads: name, street, 'City, ST 12345', country, phone. */
export function ShippingAddress({ address, heading = 'Shipping to' }: { address: OrderMailAddress; heading?: string }) {
  const lines = [address.name, address.line1, `${address.city}, ${address.state} ${address.zip}`.trim(), countryName(address.country), address.phone].filter(
    (l) => l.trim() !== '',
  );
  return (
    <Section>
      <Heading as="h2" style={styles.subheading}>
        {heading}
      </Heading>
      <Text style={styles.text}>
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
    </Section>
  );
}

/** The link to the order's page at the end of a message about an order already placed. */
export function ViewOrderLink({ order }: { order: OrderMailData }) {
  return (
    <Text style={styles.text}>
      <Link href={order.orderUrl} style={styles.link}>
        View your order
      </Link>
    </Text>
  );
}
