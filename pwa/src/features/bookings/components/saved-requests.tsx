import { type RefObject, useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { BookingRequest } from '@cocoa/shared-types';
import { useOnline } from '../../../lib/use-online';
import '../../../ui/saved-entries.css';
import { bookingDay } from '../format';
import { type OutboxEntry, useBookingOutbox } from '../outbox/booking-outbox';

const what = (entry: OutboxEntry & { request: BookingRequest }) =>
  `${entry.packageName} on ${bookingDay(entry.request.date)} for ${entry.request.guests} guests`;

/**
 * The booking requests kept on this device: waiting for the network, sent in the background (with
 * the link to their status page), or refused by the server (put back in the form to mend).
 */
export function SavedRequests({ onRestore, focusRef }: { onRestore: (request: BookingRequest) => void; focusRef: RefObject<HTMLDivElement | null> }) {
  const { entries, hydrate, dismiss, flush } = useBookingOutbox();
  const online = useOnline();
  useEffect(() => void hydrate(), [hydrate]);
  if (entries.length === 0) return <div ref={focusRef} tabIndex={-1} />;
  return (
    <div ref={focusRef} tabIndex={-1} className="saved-entries booking-saved" role="status" aria-label="Booking requests on this device">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`notice saved-entries__item saved-entries__item--${entry.status}`}>
            {entry.status === 'waiting' ? (
              <>
                <strong>Saved on this device: we'll send your booking request when you're back online.</strong>
                <p>{what(entry)}</p>
                {online && (
                  <button type="button" className="btn btn--outline btn--small" onClick={() => void flush()}>
                    Send now
                  </button>
                )}
              </>
            ) : entry.status === 'sent' ? (
              <>
                <strong>Your saved booking request was sent: {entry.reference}.</strong>
                <p>
                  <Link to={entry.statusPath}>See booking {entry.reference}</Link>
                </p>
                <button type="button" className="btn btn--outline btn--small" onClick={() => void dismiss(entry.id)}>
                  Dismiss
                </button>
              </>
            ) : (
              <>
                <strong>Your saved booking request could not be sent.</strong>
                <p>
                  {what(entry)}: {entry.message}
                </p>
                <div className="saved-entries__actions">
                  <button
                    type="button"
                    className="btn btn--primary btn--small"
                    onClick={() => {
                      onRestore(entry.request);
                      void dismiss(entry.id);
                    }}
                  >
                    Put it back in the form
                  </button>
                  <button type="button" className="btn btn--outline btn--small" onClick={() => void dismiss(entry.id)}>
                    Dismiss
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
