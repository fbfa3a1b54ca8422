import { createPortal } from 'react-dom';
import { type AdminOrderDetail, COUNTRIES } from '@cocoa/shared-types';
import { useShopIdentity } from '../../../lib/shop-identity';
import { errorToast, toast } from '../../../ui/toast-store';
import { formatDay } from '../shared/format';
import { TableHead } from '../../../ui/table-head';

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The shipping address as a label wants it, one line each. */
export function addressLines(order: AdminOrderDetail): string[] {
  const s = order.shipping;
  return [s.name, s.address, `${s.city}, ${s.state} ${s.zip}`, countryName(s.country)];
}

/** Copies the address for a carrier's label form; says so either way. */
export async function copyAddress(order: AdminOrderDetail): Promise<void> {
  try {
    await navigator.clipboard.writeText(addressLines(order).join('\n'));
    toast('Address copied', `The shipping address of order #${order.number} is on the clipboard.`);
  } catch {
    errorToast('Copy Failed', 'The address could not be copied. Select it and copy it by hand.');
  }
}

/**
 * The packing slip: shown only when printing (the admin's print stylesheet hides everything else),
 * so Print packing slip is the browser's own print of this page (window.print), with no pop-up
 * window to block. Items and quantities, no prices: it travels in the parcel.
 */
export function PackingSlip({ order }: { order: AdminOrderDetail }) {
  // The shop's name and return address as the owner set them (Settings → Shop details).
  const shop = useShopIdentity();
  return createPortal(
    <section className="packing-slip" aria-hidden="true" data-testid="packing-slip">
      <header className="packing-slip__head">
        <h1>{shop?.name}</h1>
        {shop && <p>{shop.addressLines.join(' · ')}</p>}
        <p>
          Packing slip · Order #{order.number} · {formatDay(order.createdAt)}
        </p>
      </header>
      <div className="packing-slip__to">
        <h2>Ship to</h2>
        <address>
          {addressLines(order).map((line) => (
            <div key={line}>{line}</div>
          ))}
          {order.shipping.phone && <div>{order.shipping.phone}</div>}
        </address>
      </div>
      <table className="packing-slip__items">
        <TableHead columns={['Item', 'Qty', 'Packed']} />
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td className="packing-slip__check">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.testMode && <p className="packing-slip__test">TEST ORDER: do not ship.</p>}
      <p className="packing-slip__thanks">Thank you for your order! Questions? Reply to your order e-mail.</p>
    </section>,
    document.body,
  );
}
