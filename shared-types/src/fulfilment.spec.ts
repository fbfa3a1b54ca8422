import {
  canMoveFulfilment,
  FULFILMENT_ADMIN_TONES,
  FULFILMENT_MOVES,
  FULFILMENT_STATUSES,
  FULFILMENT_TONES,
  fulfilmentLabel,
  isBeforeShipping,
  linesRefundCents,
  normaliseTrackingNumber,
  refundableCents,
  trackingUrlFor,
} from './fulfilment';
import { adminOrdersQuerySchema, fulfilmentMoveSchema, refundOrderSchema } from './schemas/admin-orders.schema';

describe('fulfilment states', () => {
  it('moves forward only: paid → packed/shipped/cancelled, packed → shipped/cancelled, shipped → delivered', () => {
    const allowed = FULFILMENT_STATUSES.flatMap((from) => FULFILMENT_STATUSES.filter((to) => canMoveFulfilment(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['paid→packed', 'paid→shipped', 'paid→cancelled', 'packed→shipped', 'packed→cancelled', 'shipped→delivered']);
    expect(canMoveFulfilment(null, 'packed')).toBe(false);
    expect(FULFILMENT_MOVES.delivered).toEqual([]);
    expect(FULFILMENT_MOVES.cancelled).toEqual([]);
  });

  it('can be cancelled only before shipping, and reads as the customer expects', () => {
    expect(FULFILMENT_STATUSES.filter(isBeforeShipping)).toEqual(['paid', 'packed']);
    expect(isBeforeShipping(null)).toBe(false);
    expect(fulfilmentLabel('paid')).toBe('Preparing your order');
    expect(fulfilmentLabel(null)).toBe('Awaiting payment');
  });
});

describe('fulfilment tones', () => {
  it('colour the owner’s pills as the customer’s, except that "paid, to pack" stands out as work to do', () => {
    expect(FULFILMENT_TONES.paid).toBeUndefined();
    expect(FULFILMENT_ADMIN_TONES.paid).toBe('waiting');
    for (const status of FULFILMENT_STATUSES.filter((s) => s !== 'paid')) expect(FULFILMENT_ADMIN_TONES[status]).toBe(FULFILMENT_TONES[status]);
  });
});

describe('tracking links', () => {
  it.each([
    ['USPS', '9400 1000 0000 0000 0000 00', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000'],
    ['UPS', '1z999aa10123456784', 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784'],
    ['FedEx', '1234-5678-9012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['DHL', '1234567890', 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890'],
  ])('%s %s → the carrier’s tracking page', (carrier, number, url) => {
    expect(trackingUrlFor(carrier, number)).toBe(url);
  });

  it('uses the owner’s http(s) link for Other and nothing else; no number, no link', () => {
    expect(trackingUrlFor('Other', 'ABC123', 'https://courier.example/t/ABC123')).toBe('https://courier.example/t/ABC123');
    expect(trackingUrlFor('Other', 'ABC123', 'javascript:alert(1)')).toBeNull();
    expect(trackingUrlFor('Other', 'ABC123')).toBeNull();
    expect(trackingUrlFor('UPS', null)).toBeNull();
    expect(trackingUrlFor('Pigeon', '1234')).toBeNull();
    expect(trackingUrlFor(null, '1234')).toBeNull();
  });

  it('compacts numbers as carriers print them', () => {
    expect(normaliseTrackingNumber(' 1z 999-aa1 ')).toBe('1Z999AA1');
  });
});

describe('refund amounts', () => {
  it('takes each line’s share of a discount code’s amount off what its refund gives back', () => {
    // 30.48 less a 5.00 code = 25.48, taxed 7 %: 1.78
    const charged = { subtotalCents: 3048, taxCents: 178, discountCents: 500 };
    // 12.99 - its share of 5.00 (2.13) + its share of the tax (0.76)
    expect(linesRefundCents([{ unitPriceCents: 1299, quantity: 1 }], charged)).toBe(1299 - 213 + 76);
    const everything = [
      { unitPriceCents: 1299, quantity: 2 },
      { unitPriceCents: 450, quantity: 1 },
    ];
    expect(linesRefundCents(everything, charged)).toBe(3048 - 500 + 178);
  });

  it("refunds lines at their price plus their share of the order's tax, and never below zero what remains", () => {
    // an order of 30.48 charged 2.13 tax (7 %)
    const charged = { subtotalCents: 3048, taxCents: 213 };
    expect(linesRefundCents([{ unitPriceCents: 1299, quantity: 1 }], charged)).toBe(1299 + 91);
    expect(
      linesRefundCents(
        [
          { unitPriceCents: 1299, quantity: 2 },
          { unitPriceCents: 450, quantity: 1 },
        ],
        charged,
      ),
    ).toBe(3048 + 213);
    // an order taxed 6.25 % (Illinois): 20.00 charged 1.25, half of it refunded
    expect(linesRefundCents([{ unitPriceCents: 1000, quantity: 1 }], { subtotalCents: 2000, taxCents: 125 })).toBe(1000 + 63);
    // an untaxed order refunds the prices alone
    expect(linesRefundCents([{ unitPriceCents: 1000, quantity: 1 }], { subtotalCents: 2000, taxCents: 0 })).toBe(1000);
    expect(refundableCents(3860, 1390, 500)).toBe(1970);
    expect(refundableCents(3860, 3860, 500)).toBe(0);
  });
});

describe('admin order schemas', () => {
  it('reads the list query with defaults and refuses days that do not exist or run backwards', () => {
    expect(adminOrdersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, test: 'all' });
    expect(adminOrdersQuerySchema.parse({ q: '  ', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      page: 1,
      pageSize: 25,
      test: 'all',
      from: '2026-03-01',
      to: '2026-03-01',
    });
    for (const bad of [
      { from: '2026-02-30' },
      { from: '1969-12-31' },
      { to: '0099-01-01' },
      { from: '2026-03-02', to: '2026-03-01' },
      { page: '1.5' },
      { extra: '1' },
    ]) {
      expect(adminOrdersQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('normalises a tracking number and needs one for the common carriers only', () => {
    expect(fulfilmentMoveSchema.parse({ to: 'shipped', carrier: 'UPS', trackingNumber: '1z 999 aa1 01 2345 6784' })).toEqual({
      to: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(fulfilmentMoveSchema.parse({ to: 'shipped', carrier: 'Other' })).toEqual({ to: 'shipped', carrier: 'Other' });
    expect(fulfilmentMoveSchema.safeParse({ to: 'shipped', carrier: 'USPS', trackingNumber: '   ' }).success).toBe(false);
  });

  it('takes a refund by amount or by lines, restocking only lines', () => {
    expect(refundOrderSchema.parse({ amountCents: 500, reason: ' Goodwill ' })).toEqual({ amountCents: 500, reason: 'Goodwill', restock: false });
    expect(refundOrderSchema.safeParse({ amountCents: 500, reason: 'x', restock: true }).success).toBe(false);
    expect(refundOrderSchema.safeParse({ lines: [{ itemId: 1, quantity: 1 }], reason: 'x', restock: true }).success).toBe(true);
  });
});
