import { Heading, Link, Section, Text } from './elements';
import { COUNTRIES, formatCents, formatEventTime, formatLongDate, wallTimeIn } from '@cocoa/shared-types';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import type { OrderMailAddress, OrderMailData, OrderMailPickup, ShopIdentity } from './types';
import { COLOURS, DataTable, MailLayout, styles } from './layout';
import type { MailTemplate } from './mail-template';

/** '[TEST] ' before the subject of a test-mode order's messages, so nobody packs or refunds it by mistake. */
export const testTag = (order: OrderMailData) => (order.testMode ? '[TEST] ' : '');

/** The day the order was placed, in the shop's time zone. */
export const placedOn = (order: OrderMailData, shop: ShopIdentity) => formatLongDate(order.placedAt, shop.timeZone);

const customerFooter = (shop: ShopIdentity) =>
  `You are receiving this e-mail about an order you placed at ${shop.name}. Questions? Reply to this e-mail or write to ${shop.email}.`;

/** 'Saturday, March 14, 2026' of an instant, in the shop's zone. */
const dayOf = (at: Date, shop: ShopIdentity) =>
  `${at.toLocaleDateString('en-US', { weekday: 'long', timeZone: shop.timeZone })}, ${formatLongDate(at, shop.timeZone)}`;

/** '5:30 PM' of an instant, in the shop's zone. */
function clockOf(at: Date, shop: ShopIdentity): string {
  const { hour, minute } = wallTimeIn(at, shop.timeZone);
  return formatEventTime(`${hour}:${String(minute).padStart(2, '0')}`);
}

/**
 * The pickup's instant in words, in the shop's zone (the stop's own clock, wherever the reader is);
 * a time it cannot read is shown as given.
 */
function pickupTime(pickup: OrderMailPickup, write: (at: Date) => string): string {
  const at = new Date(pickup.pickupAt);
  return Number.isNaN(at.getTime()) ? pickup.pickupAt : write(at);
}

/** When a pickup order is to be collected: 'Saturday, March 14, 2026 at 5:30 PM'. */
export const pickupWhen = (pickup: OrderMailPickup, shop: ShopIdentity) => pickupTime(pickup, (at) => `${dayOf(at, shop)} at ${clockOf(at, shop)}`);

/** The same with the clock first, for a sentence: '5:30 PM on Saturday, March 14, 2026'. */
export const pickupClockOnDay = (pickup: OrderMailPickup, shop: ShopIdentity) => pickupTime(pickup, (at) => `${clockOf(at, shop)} on ${dayOf(at, shop)}`);

/** The clock time alone: '5:30 PM'. */
export const pickupClock = (pickup: OrderMailPickup, shop: ShopIdentity) => pickupTime(pickup, (at) => clockOf(at, shop));

export function TestOrderNotice({ order }: { order: OrderMailData }) {
  if (!order.testMode) return null;
  const fulfilment = order.pickup ? 'nothing will be made' : 'nothing will be shipped';
  return <Text style={styles.notice}>TEST ORDER: placed in test mode. No payment was taken and {fulfilment}.</Text>;
}

/** One e-mail to the customer about an order, as customerOrderMail frames it. */
interface CustomerOrderMail<D extends OrderMailData> {
  /** How the admin's preview list names it. */
  label: string;
  /** The subject; a test-mode order's gets the test tag before it. */
  subject: (order: D, shop: ShopIdentity) => string;
  /** The line a mail app shows beside the subject. */
  preview: (order: D, shop: ShopIdentity) => string;
  heading: (order: D) => ReactNode;
  /** What follows the heading and the test-order notice. */
  body: (order: D, shop: ShopIdentity) => ReactNode;
}

/**
 * Every e-mail to the customer about an order: the subject tagged for a test-mode order, the shop's
 * layout titled with it and closed by the customer footer, the heading, then the test-order notice
 * when the order was placed in test mode, then the message's own body.
 */
export function customerOrderMail<D extends OrderMailData>(mail: CustomerOrderMail<D>): MailTemplate<D> {
  const subject = (order: D, shop: ShopIdentity) => `${testTag(order)}${mail.subject(order, shop)}`;
  return {
    label: mail.label,
    subject,
    Email: ({ data: order, shop }) => (
      <MailLayout shop={shop} title={subject(order, shop)} preview={mail.preview(order, shop)} footerNote={customerFooter(shop)}>
        <Heading as="h1" style={styles.heading}>
          {mail.heading(order)}
        </Heading>
        <TestOrderNotice order={order} />
        {mail.body(order, shop)}
      </MailLayout>
    ),
  };
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

/** The order's lines and totals as the message's data table (column and row headers). */
export function OrderLines({ order }: { order: OrderMailData }) {
  // a pickup order ships nothing: no Shipping row unless it was charged; a Tip row only for a tip
  const totals: Array<[string, number]> = [
    ['Subtotal', order.subtotalCents],
    ...(order.discountCents ? [[`Discount (${order.discountCode ?? 'code'})`, -order.discountCents] as [string, number]] : []),
    ...(order.pickup && order.shippingCents === 0 ? [] : [['Shipping', order.shippingCents] as [string, number]]),
    ['Tax', order.taxCents],
    ...(order.tipCents > 0 ? [['Tip', order.tipCents] as [string, number]] : []),
  ];
  return (
    <Section>
      <DataTable heading={<>Order {order.orderNumber}</>}>
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
      </DataTable>
    </Section>
  );
}

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The shipping address as a label reads: name, street, 'City, ST 12345', country, phone; nothing for a pickup order (no address). */
export function ShippingAddress({ address, heading = 'Shipping to' }: { address: OrderMailAddress | null; heading?: string }) {
  if (!address) return null;
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

const codeBox: CSSProperties = {
  ...styles.text,
  backgroundColor: COLOURS.page,
  border: `1px solid ${COLOURS.line}`,
  borderRadius: '6px',
  padding: '12px 16px',
  textAlign: 'center',
};
/** The code itself: large, spaced, on its own line in the HTML (the text part reads "Your pickup code: ABCD"). */
const codeStyle: CSSProperties = {
  display: 'block',
  color: COLOURS.text,
  fontFamily: "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  fontSize: '32px',
  fontWeight: 700,
  letterSpacing: '8px',
  lineHeight: '44px',
  margin: '4px 0 0',
};

/** The pickup code, large enough to read out at the cart from a phone held at arm's length ('Your pickup code' to the customer). */
export function PickupCode({ pickup, forShop = false }: { pickup: OrderMailPickup; forShop?: boolean }) {
  return (
    <Text style={codeBox}>
      {forShop ? 'Pickup code' : 'Your pickup code'}: <span style={codeStyle}>{pickup.code}</span>
    </Text>
  );
}

/**
 * Where and when a pickup order is collected, in place of the shipping address: the code, the
 * stop, its address when known, the time in the shop's zone and the name the cart calls out.
 */
export function PickupDetails({
  pickup,
  shop,
  heading = 'Pickup',
  forShop = false,
}: {
  pickup: OrderMailPickup;
  shop: ShopIdentity;
  heading?: string;
  forShop?: boolean;
}) {
  const rows: Array<[string, string]> = [
    ['Stop', pickup.stopName],
    ...(pickup.address?.trim() ? [['Address', pickup.address] as [string, string]] : []),
    ['Time', pickupWhen(pickup, shop)],
    ['Name', pickup.name],
  ];
  return (
    <Section>
      <Heading as="h2" style={styles.subheading}>
        {heading}
      </Heading>
      <PickupCode pickup={pickup} forShop={forShop} />
      <Text style={styles.text}>
        {rows.map(([label, value], i) => (
          <Fragment key={label}>
            {i > 0 && <br />}
            <strong>{label}:</strong> {value}
          </Fragment>
        ))}
      </Text>
    </Section>
  );
}

/**
 * How the order reaches its customer: the pickup details of a pickup order, else the shipping
 * address (under `shippingHeading`). `forShop`: the shop's copy (the code is not "yours").
 */
export function Fulfilment({
  order,
  shop,
  shippingHeading,
  forShop = false,
}: {
  order: OrderMailData;
  shop: ShopIdentity;
  shippingHeading?: string;
  forShop?: boolean;
}) {
  return order.pickup ? (
    <PickupDetails pickup={order.pickup} shop={shop} forShop={forShop} />
  ) : (
    <ShippingAddress address={order.shippingAddress} heading={shippingHeading} />
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
