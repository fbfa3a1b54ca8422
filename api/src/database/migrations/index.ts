import { Foundation1763800000000 } from './1763800000000-foundation';
import { Orders1763900000000 } from './1763900000000-orders';
import { EventsCalendars1764100000000 } from './1764100000000-events-calendars';
import { LargeDataIndexes1764500000000 } from './1764500000000-large-data-indexes';
import { PaymentSettlement1764650000000 } from './1764650000000-payment-settlement';
import { CalendarOccurrenceKeys1764700000000 } from './1764700000000-calendar-occurrence-keys';
import { RateLimits1764800000000 } from './1764800000000-rate-limits';
import { MailDelivery1764900000000 } from './1764900000000-mail-delivery';
import { OrderFulfilment1764910000000 } from './1764910000000-order-fulfilment';
import { Stock1764920000000 } from './1764920000000-stock';
import { InboxSummary1764930000000 } from './1764930000000-inbox-summary';
import { Bookings1764940000000 } from './1764940000000-bookings';
import { BookingStops1764950000000 } from './1764950000000-booking-stops';
import { Live1764960000000 } from './1764960000000-live';
import { PushSubscriptions1764970000000 } from './1764970000000-push-subscriptions';
import { FormIdempotency1764980000000 } from './1764980000000-form-idempotency';
import { AdminChangeKeys1765100000000 } from './1765100000000-admin-change-keys';
import { OrderAhead1765200000000 } from './1765200000000-order-ahead';
import { PickupOrders1765300000000 } from './1765300000000-pickup-orders';
import { MailRenderedOnDelivery1765400000000 } from './1765400000000-mail-rendered-on-delivery';
import { SignIns1765500000000 } from './1765500000000-sign-ins';
import { SquareWebhookEvents1765520000000 } from './1765520000000-square-webhook-events';
import { SecondFactor1765510000000 } from './1765510000000-second-factor';

import { CspReports1765530000000 } from './1765530000000-csp-reports';
import { ShopIdentity1765540000000 } from './1765540000000-shop-identity';
import { LegalPages1765550000000 } from './1765550000000-legal-pages';
import { DiscountCodes1765570000000 } from './1765570000000-discount-codes';
import { SquareStock1765580000000 } from './1765580000000-square-stock';
/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [
  Foundation1763800000000,
  Orders1763900000000,
  EventsCalendars1764100000000,
  LargeDataIndexes1764500000000,
  PaymentSettlement1764650000000,
  CalendarOccurrenceKeys1764700000000,
  RateLimits1764800000000,
  MailDelivery1764900000000,
  OrderFulfilment1764910000000,
  Stock1764920000000,
  InboxSummary1764930000000,
  Bookings1764940000000,
  BookingStops1764950000000,
  Live1764960000000,
  PushSubscriptions1764970000000,
  FormIdempotency1764980000000,
  AdminChangeKeys1765100000000,
  OrderAhead1765200000000,
  PickupOrders1765300000000,
  MailRenderedOnDelivery1765400000000,
  SignIns1765500000000,
  SecondFactor1765510000000,
  SquareWebhookEvents1765520000000,
  CspReports1765530000000,
  ShopIdentity1765540000000,
  LegalPages1765550000000,
  DiscountCodes1765570000000,
  SquareStock1765580000000,
];
