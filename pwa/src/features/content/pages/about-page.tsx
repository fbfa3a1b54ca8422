import { Link } from 'react-router-dom';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PointCards } from '../../../ui/point-cards';
import { PageHero } from '../../../ui/page-hero';

const COMMITMENTS = [
  { title: 'Quality', text: 'We taste every batch and use only cocoa, sugar and spices we would serve our own children.' },
  { title: 'Family', text: 'Three generations mix, pack and serve our cocoa. When you order from us, you order from family.' },
  { title: 'Community', text: 'We serve at local fairs, school nights and fundraisers, and give a share of every event to the hosts’ cause.' },
];

export default function AboutPage() {
  useDocumentTitle('Our Story');
  const shop = useShopIdentity();
  return (
    <>
      <PageHero title="Our Story" intro="A family kitchen, a pot of milk and a recipe worth sharing." />
      <div className="container page prose">
        <section aria-labelledby="founding">
          <h2 id="founding">How it started</h2>
          <p>
            It began on a snowy evening when our grandmother’s cocoa recipe was the only thing that warmed up a crowded kitchen. Friends kept asking for the
            mix, so we started packing it in jars — first for the neighbours, then for the farmers’ market, and now for cocoa lovers across the country.
          </p>
        </section>
        <section aria-labelledby="chef">
          <h2 id="chef">The chef’s journey</h2>
          <p>
            Our head chef trained in pastry kitchens before coming home to the family business. She spent two winters testing single-origin cocoas, sugars and
            spices until every blend tasted as good over ice or in a shake as it does steaming hot.
          </p>
        </section>
        <section aria-labelledby="products">
          <h2 id="products">What we make</h2>
          <p>
            Today we blend hot cocoa mixes for cold nights, iced cocoa for summer afternoons and thick cocoa shakes for anyone who still licks the spoon. We
            also bring a full cocoa bar to weddings, corporate events and parties.
          </p>
        </section>
        <section aria-labelledby="commitments">
          <h2 id="commitments">Our commitments</h2>
          <PointCards points={COMMITMENTS} />
        </section>
        {shop && (
          <section aria-labelledby="visit">
            <h2 id="visit">Visit {shop.name}</h2>
            <p>
              Find us at {shop.addressLines.join(', ')}. Call <a href={shop.phoneUri}>{shop.phone}</a> or write to{' '}
              <a href={`mailto:${shop.email}`}>{shop.email}</a>.
            </p>
            {shop.hours && <p style={{ whiteSpace: 'pre-line' }}>{shop.hours}</p>}
          </section>
        )}
        <p className="center">
          <Link to="/products" className="btn btn--primary btn--large">
            EXPLORE OUR PRODUCTS
          </Link>
        </p>
      </div>
    </>
  );
}
