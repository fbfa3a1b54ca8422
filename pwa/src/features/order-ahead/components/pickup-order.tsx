import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type CheckoutCompleteResponse,
  type PickupContactInput,
  pickupPlace,
  priceOrder,
  shopClock,
  type StopPickup,
  subtotalCents,
} from '@cocoa/shared-types';
import { ApiError } from '../../../lib/api-fetch';
import { useViewerZone } from '../../../lib/viewer-clock';
import { type AppliedDiscount, discountCentsOf, DiscountCodeField } from '../../../ui/discount-code-field';
import { toast } from '../../../ui/toast-store';
import { useUser } from '../../auth';
import { useMoneySettings } from '../../cart';
import { CardPayment, type CardPaymentAttempt } from '../../payment';
import { completePickupCheckout, pickupCheckoutBody } from '../api/complete-pickup-checkout';
import { rememberPickupOrder } from '../last-pickup-order';
import { orderableLines, pickupLinesReducer } from '../pickup-lines';
import { type TipChoice as Tip, tipOf } from '../tip';
import { PickupForm } from './pickup-form';
import { PickupMenu } from './pickup-menu';
import { OrderSummary } from '../../../ui/order-summary';
import { TipChoice } from './tip-choice';

/** 409s about the drinks (the rest are about the time: SLOT_FULL, SLOT_NOT_OFFERED, paused, not taking orders). */
const DRINK_REFUSALS: ReadonlySet<string | undefined> = new Set(['OUT_OF_STOCK', 'NOT_SOLD_AT_CART']);

interface Props {
  pickup: StopPickup;
  shopZone: string;
  /** Asks the stop's times again (after a refusal of the time chosen). */
  onRefresh: () => void;
}

/**
 * Ordering ahead at one stop, in two steps as the shop's checkout: the order (drinks, time,
 * details, tip), then the card payment. A refusal by the checkout (a 409, nothing charged: the
 * time full, no longer offered, orders paused; or a drink no longer made) brings the order back
 * with the server's sentence beside the times (or the menu), and asks for fresh ones. Paid, the
 * order's own page opens.
 */
export function PickupOrder({ pickup, shopZone, onRefresh }: Props) {
  const navigate = useNavigate();
  const viewerZone = useViewerZone();
  const { user } = useUser();
  const [lines, dispatch] = useReducer(pickupLinesReducer, []);
  const [tip, setTip] = useState<Tip>({ kind: 'none' });
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [contact, setContact] = useState<PickupContactInput | null>(null);
  const [paying, setPaying] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; aboutDrinks: boolean } | null>(null);
  const [missingLines, setMissingLines] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // What can still be ordered, named and priced from the fresh menu: a drink sold out meanwhile (or its options gone) leaves the order.
  const orderable = useMemo(() => orderableLines(lines, pickup.menu), [lines, pickup.menu]);
  const subtotal = subtotalCents(orderable);
  // A tip's percentage is of the subtotal before any discount code (docs/order-ahead.md, "Totals").
  const tipNow = tipOf(tip, subtotal);
  // Taxed at the stop's state, at the shop's rates (as the server prices it); nothing to pay until they are known.
  const settings = useMoneySettings().data;
  const totals = settings
    ? priceOrder({
        lines: orderable,
        place: pickupPlace(pickup.stop.address),
        pickup: true,
        settings,
        tipCents: tipNow.cents,
        discountCents: discountCentsOf(discount, orderable),
      })
    : undefined;

  useEffect(() => {
    if (paying) heading.current?.focus();
  }, [paying]);

  const defaults: PickupContactInput = contact ?? {
    stopId: pickup.stopId,
    slotStart: pickup.slots[0]?.start ?? '',
    name: user?.firstName ?? '',
    email: user?.email ?? '',
    phone: '',
  };

  const submit = async (attempt: CardPaymentAttempt) => {
    if (!totals) throw new Error('The prices are still loading');
    const draft = {
      stopId: pickup.stopId,
      slotStart: contact?.slotStart ?? '',
      lines: orderable,
      totals,
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      discountCode: discount?.code,
    };
    try {
      return await completePickupCheckout(pickupCheckoutBody(draft, attempt));
    } catch (error) {
      // Refused before any charge: back to the order, with the times and the menu asked again. A
      // code refused (expired, used up meanwhile) stays on this step, its sentence shown by the payment.
      if (error instanceof ApiError && error.status === 409 && !error.code?.startsWith('DISCOUNT_')) {
        setRefusal({ message: error.message, aboutDrinks: DRINK_REFUSALS.has(error.code) });
        setPaying(false);
        onRefresh();
      }
      throw error;
    }
  };

  const onPaid = (answer: CheckoutCompleteResponse) => {
    const path = answer.orderPath?.startsWith('/orders/') ? answer.orderPath : `/orders/${answer.orderId}`;
    rememberPickupOrder(pickup.stopId, path);
    toast('Payment Successful', 'Your order has been placed!');
    navigate(path);
  };

  const summary = (
    <OrderSummary
      name="pickup"
      title="Your order"
      className="pickup-summary"
      lines={orderable}
      totals={totals}
      empty="No drinks yet: add some from the menu."
    />
  );
  if (paying && contact && totals) {
    return (
      <section className="pickup-payment" aria-labelledby="pickup-payment-title">
        <h2 id="pickup-payment-title" ref={heading} tabIndex={-1}>
          Payment
        </h2>
        <p>
          Pickup at <strong>{shopClock(new Date(contact.slotStart), shopZone, viewerZone)}</strong> at {pickup.stop.name}, for {contact.name}.
        </p>
        {summary}
        <DiscountCodeField lines={orderable} email={contact.email} applied={discount} onChange={setDiscount} />
        <CardPayment amountCents={totals.total} submit={submit} onSuccess={onPaid} onCancel={() => setPaying(false)} />
      </section>
    );
  }
  return (
    <PickupForm
      slots={pickup.slots}
      asap={pickup.asap}
      shopZone={shopZone}
      defaultValues={defaults}
      slotProblem={refusal && !refusal.aboutDrinks ? refusal.message : null}
      hasLines={orderable.length > 0}
      canContinue={tipNow.problem === null && totals !== undefined}
      onMissingLines={setMissingLines}
      onContinue={(values) => {
        setContact(values);
        setRefusal(null);
        setPaying(true);
      }}
      menu={
        <PickupMenu
          menu={pickup.menu}
          lines={orderable}
          dispatch={dispatch}
          error={refusal?.aboutDrinks ? refusal.message : missingLines && orderable.length === 0 ? 'Add at least one drink to order.' : undefined}
        />
      }
      tipAndTotals={
        <>
          <TipChoice value={tip} onChange={setTip} subtotalCents={subtotal} problem={tipNow.problem} />
          {summary}
        </>
      }
    />
  );
}
