import { Link } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { dayKey } from '@cocoa/shared-types';
import { LoadState } from '../../../ui/load-problem';
import { SmartImage } from '../../../ui/smart-image';
import { SkeletonCards } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { availabilityQueryOptions, BookingSection, bookingPackagesQueryOptions } from '../../bookings';
import { prefetchLiveState } from '../../live';
import { useCategories } from '../../catalogue';
import { EventInquiryForm } from '../components/event-inquiry-form';
import { UpcomingLocations } from '../components/upcoming-locations';
import { PointCards } from '../../../ui/point-cards';
import { PageHero } from '../../../ui/page-hero';

const OCCASIONS = [
  { title: 'Weddings', text: 'A hot cocoa bar for winter weddings or an iced cocoa and shake stand for summer receptions.' },
  { title: 'Corporate events', text: 'Office parties, launches and conferences — served by our team, branded cups on request.' },
  { title: 'Parties', text: 'Birthdays, school nights and fundraisers, with kid-friendly toppings and dairy-free options.' },
];

/**
 * The calls this page makes as it mounts, made when a visitor lands on it (app/router.tsx,
 * preloadLandingPage): the cart's state for the stops list, and the booking form's packages and this
 * month's open days (the form asks for those only once the packages are in, one call after the other).
 */
export async function prefetchPageData(client: QueryClient): Promise<void> {
  await Promise.all([
    prefetchLiveState(client),
    client.prefetchQuery(bookingPackagesQueryOptions),
    client.prefetchQuery(availabilityQueryOptions(dayKey(new Date()).slice(0, 7))),
  ]);
}

export default function EventsPage() {
  useDocumentTitle('Events');
  const categories = useCategories();
  return (
    <>
      <PageHero title="Cocoa for Your Event" intro="We bring the cocoa bar to weddings, corporate events and parties — hot, iced or shaken.">
        <button type="button" className="btn btn--light btn--large" onClick={() => document.getElementById('book')?.scrollIntoView({ behavior: 'smooth' })}>
          Book Your Event
        </button>
      </PageHero>
      <div className="container page">
        <section aria-labelledby="menu-title">
          <h2 id="menu-title">What we serve</h2>
          <LoadState
            query={categories}
            loading={<SkeletonCards />}
            offline="Our menu is not saved on this device yet. It will show here when you're back online."
            failed="Our menu could not be loaded right now."
          >
            {(menu) => (
              <div className="three-up">
                {menu.map((category, index) => (
                  <article key={category.id} className="card flavor-card">
                    {/* The first row is in the first screen (on a phone, the first card): not lazy, it is the largest thing painted there. */}
                    <SmartImage src={category.imageUrl} alt={category.name} width={320} height={200} eager={index < 3} />
                    <div className="card__body">
                      <h3>{category.name}</h3>
                      {category.description && <p>{category.description}</p>}
                      <Link to={`/products?category=${category.slug}`}>Shop {category.name}</Link>
                    </div>
                  </article>
                ))}
              </div>
            )}
          </LoadState>
        </section>
        <section aria-labelledby="occasions-title" className="section">
          <h2 id="occasions-title">Occasions</h2>
          <PointCards points={OCCASIONS} />
        </section>
        <UpcomingLocations />
        <BookingSection />
        <div id="inquiry" className="section narrow">
          <EventInquiryForm />
        </div>
      </div>
    </>
  );
}
