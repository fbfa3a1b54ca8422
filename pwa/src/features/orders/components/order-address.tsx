import type { OrderView } from '@cocoa/shared-types';
import { PostalAddress } from '../../../ui/postal-address';

/** Where an order is shipped. */
export function OrderAddress({ order }: { order: OrderView }) {
  return (
    <PostalAddress
      name={order.shippingName}
      street={order.shippingAddress}
      city={order.shippingCity}
      state={order.shippingState}
      zip={order.shippingZip}
      country={order.shippingCountry}
    />
  );
}
