import { type BookingPackage, bookingEstimate, formatCents } from '@cocoa/shared-types';

/**
 * The estimate as the customer types: the shared rule (guests × price per guest, at least the
 * package's minimum, the deposit its percentage), the same the server records with the request.
 * Read out politely when it changes.
 */
export function BookingEstimate({ pkg, guests }: { pkg: BookingPackage | undefined; guests: number | undefined }) {
  const valid = pkg && typeof guests === 'number' && Number.isInteger(guests) && guests > 0;
  const estimate = valid ? bookingEstimate(pkg, guests) : null;
  return (
    <div className="booking-estimate" aria-live="polite" aria-atomic="true" data-testid="booking-estimate">
      <h3>Your estimate</h3>
      {!pkg || !estimate ? (
        <p className="muted">Choose a package and the number of guests to see an estimate.</p>
      ) : (
        <>
          <p className="booking-estimate__total">{formatCents(estimate.totalCents)}</p>
          <p className="muted">
            {estimate.minimumApplied
              ? `The ${pkg.name} minimum charge (${guests} × ${formatCents(pkg.pricePerGuestCents)} comes to ${formatCents(estimate.guestsCents)}).`
              : `${guests} guests × ${formatCents(pkg.pricePerGuestCents)}.`}
          </p>
          <p>
            Deposit to confirm the date: <strong>{formatCents(estimate.depositCents)}</strong> ({pkg.depositPercent}%), then{' '}
            {formatCents(estimate.balanceCents)} before the event.
          </p>
          <p className="muted">We confirm the price with our quote; nothing is charged now.</p>
        </>
      )}
    </div>
  );
}
