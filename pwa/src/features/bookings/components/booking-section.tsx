import { useRef, useState } from 'react';
import type { BookingRequest, User } from '@cocoa/shared-types';
import { LoadState } from '../../../ui/load-problem';
import { SkeletonCards } from '../../../ui/skeleton';
import { useUser } from '../../auth';
import { useBookingPackages } from '../api/packages';
import { BookingForm, type BookingFormValues, EMPTY_BOOKING, valuesOf } from './booking-form';
import { SavedRequests } from './saved-requests';
import '../bookings.css';

const prefilled = (user: User | null): BookingFormValues =>
  user ? { ...EMPTY_BOOKING, contactName: [user.firstName, user.lastName].filter(Boolean).join(' '), contactEmail: user.email } : EMPTY_BOOKING;

/**
 * "Book an event" on /events, for guests and signed-in customers alike: the packages as
 * cards inside the booking form, and the requests kept on this device while offline.
 */
export function BookingSection() {
  const packages = useBookingPackages();
  const { user } = useUser();
  const [restored, setRestored] = useState<{ values: BookingFormValues; key: number } | null>(null);
  const saved = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formKey = `${restored?.key ?? 0}-${user?.id ?? 0}`;

  const restore = (request: BookingRequest) => {
    setRestored({ values: valuesOf(request), key: Date.now() });
    // Back to the top of the form, for the eyes and for the keyboard.
    heading.current?.focus();
  };

  return (
    <section id="book" aria-labelledby="book-title" className="section booking">
      <h2 id="book-title" ref={heading} tabIndex={-1}>
        Book an event
      </h2>
      <p>
        Choose a package and a date and tell us about your event: the estimate follows as you type. We answer with a quote, and the date is yours once the
        deposit is paid.
      </p>
      <SavedRequests onRestore={restore} focusRef={saved} />
      <LoadState
        query={packages}
        loading={<SkeletonCards />}
        offline="Our packages are not saved on this device yet. They will show here when you're back online."
        failed="Our packages could not be loaded right now."
      >
        {(offered) =>
          offered.length === 0 ? (
            <p className="muted">We are not taking new bookings online right now. Send us an inquiry below and we will get back to you.</p>
          ) : (
            <BookingForm key={formKey} packages={offered} defaultValues={restored?.values ?? prefilled(user)} onSaved={() => saved.current?.focus()} />
          )
        }
      </LoadState>
    </section>
  );
}
