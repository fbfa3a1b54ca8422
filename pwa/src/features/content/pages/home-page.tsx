import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FEATURED_LIMIT, HOME_PLACEHOLDER_COUNT } from '@cocoa/shared-types';
import { Skeleton } from '../../../ui/skeleton';
import { SmartImage } from '../../../ui/smart-image';
import { StarRating } from '../../../ui/star-rating';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProductCard, useCategories, useFeaturedProducts, useFeaturedTestimonials } from '../../catalogue';
import { PointCards } from '../../../ui/point-cards';

const FALLBACK_FLAVORS = ['Signature Flavors', 'Classic Flavors', 'Holiday Flavors'];

// The live line ('Serving now at …') and its stream load once the first screen is up: not in the start-up chunk.
const LiveHeadlineLink = lazy(() => import('../../live').then((live) => ({ default: live.LiveHeadlineLink })));

const WHY = [
  { title: 'Premium Ingredients', text: 'Single-origin cocoa, real cane sugar and nothing artificial — just what a good cup needs.' },
  { title: 'Crafted with Care', text: 'Every blend is mixed in small batches in our family kitchen and tasted before it ships.' },
  { title: 'Sustainably Produced', text: 'We buy from farms that pay fairly and pack in recyclable tins and pouches.' },
];

function Placeholders() {
  return (
    <div className="three-up" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: HOME_PLACEHOLDER_COUNT }, (_, i) => (
        <Skeleton key={i} className="skeleton--card" />
      ))}
    </div>
  );
}

interface CardsQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A section of cards read from the server, under its heading: placeholders while they load, a
 * notice when they could not be loaded (none kept) or there are none, else the cards three up.
 */
function CardsSection<T>({
  id,
  title,
  query,
  failed,
  empty,
  cards,
  children,
}: {
  id: string;
  title: string;
  query: CardsQuery<T>;
  failed: string;
  empty: string;
  cards: (data: T[]) => ReactNode;
  children?: ReactNode;
}) {
  const { data, isPending, isError } = query;
  let body;
  if (isPending) body = <Placeholders />;
  else if (isError && !data) body = <p className="notice">{failed}</p>;
  else if (!data || data.length === 0) body = <p className="notice">{empty}</p>;
  else body = <div className="three-up">{cards(data)}</div>;
  return (
    <section className="section container" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {body}
      {children}
    </section>
  );
}

function SeasonalProducts() {
  const products = useFeaturedProducts();
  return (
    <CardsSection
      id="seasonal-title"
      title="Seasonal Products"
      query={products}
      failed="Unable to load products. Please connect to the provider first."
      empty="No featured products available."
      cards={(data) => data.slice(0, FEATURED_LIMIT).map((product) => <ProductCard key={product.id} product={product} />)}
    >
      <p className="center">
        <Link to="/products" className="btn btn--outline">
          VIEW ALL PRODUCTS
        </Link>
      </p>
    </CardsSection>
  );
}

function OurFlavors() {
  const { data } = useCategories();
  const categories = (data ?? []).slice(0, 3);
  return (
    <section className="section section--tinted" aria-labelledby="flavors-title">
      <div className="container">
        <h2 id="flavors-title">Our Flavors</h2>
        <div className="three-up">
          {categories.length > 0
            ? categories.map((category) => (
                <Link key={category.id} to={`/products?category=${category.slug}`} className="flavor-card card">
                  <SmartImage src={category.imageUrl} alt="" width={320} height={200} />
                  <span className="flavor-card__name">{category.name}</span>
                </Link>
              ))
            : FALLBACK_FLAVORS.map((name) => (
                <Link key={name} to="/products" className="flavor-card card">
                  <span className="flavor-card__name">{name}</span>
                </Link>
              ))}
        </div>
      </div>
    </section>
  );
}

function Testimonials() {
  const testimonials = useFeaturedTestimonials();
  return (
    <CardsSection
      id="testimonials-title"
      title="What Our Customers Say"
      query={testimonials}
      failed="Unable to load testimonials at this time."
      empty="No testimonials available."
      cards={(data) =>
        data.slice(0, 3).map((t) => (
          <figure key={t.id} className="testimonial card">
            <StarRating rating={t.rating} />
            <blockquote>“{t.content}”</blockquote>
            <figcaption>— {t.name}</figcaption>
          </figure>
        ))
      }
    />
  );
}

const always = () => true;

/**
 * True once the page has loaded and `delayMs` more have passed: what the first screen does not need
 * waits for it. Never where `wanted` (asked in the browser) says no.
 */
function useAfterLoad(delayMs: number, wanted: () => boolean = always): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted()) return;
    let timer = 0;
    const later = () => {
      timer = window.setTimeout(() => setReady(true), delayMs);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      window.clearTimeout(timer);
    };
  }, [delayMs, wanted]);
  return ready;
}

/** Whether a person may be shown moving decoration: not when they ask for reduced motion or to save data. */
function motionWanted(): boolean {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  return !saveData && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// The video and the live line come in with state of their own: the page around them (its products,
// flavors, testimonials) is not rendered again when they do.
function HeroVideo() {
  // The hero video is decoration: it starts 2 s after the page has loaded; the poster shows until then.
  const playVideo = useAfterLoad(2000, motionWanted);
  return (
    playVideo && (
      <video className="hero__video" autoPlay muted loop playsInline poster="/images/hero-poster.svg" aria-hidden="true">
        {/* Phones get a square cut framed on the cup (shown above the headline, theme.css), 30 fps, ~20–60 KB. */}
        <source media="(max-width: 600px)" src="/videos/hero-phone.webm" type="video/webm" />
        <source media="(max-width: 600px)" src="/videos/hero-phone.mp4" type="video/mp4" />
        <source src="/videos/hero.webm" type="video/webm" />
      </video>
    )
  );
}

/** While the cart is out: 'Serving now at …', linking to the tracker (loads after the first screen). */
function HeroLiveLink() {
  const afterLoad = useAfterLoad(0);
  return (
    afterLoad && (
      <Suspense fallback={null}>
        <LiveHeadlineLink />
      </Suspense>
    )
  );
}

export default function HomePage() {
  useDocumentTitle(undefined);
  return (
    <>
      <section className="hero hero--home">
        <HeroVideo />
        <HeroLiveLink />
        <div className="hero__overlay container">
          <h1>Experience Cocoa Like Never Before</h1>
          <p>Small-batch hot, iced and shake cocoa mixes, made by our family and served at yours.</p>
          <div className="hero__actions">
            <Link to="/products" className="btn btn--primary btn--large">
              SHOP ONLINE
            </Link>
            <Link to="/cocoa-tracker" className="btn btn--light btn--large">
              LIVE COCOA TRACKER
            </Link>
          </div>
        </div>
      </section>
      <SeasonalProducts />
      <section className="section section--tinted" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">Why Choose Our Cocoa</h2>
          <PointCards points={WHY} />
        </div>
      </section>
      <OurFlavors />
      <Testimonials />
      <section className="section cta" aria-labelledby="cta-title">
        <div className="container center">
          <h2 id="cta-title">Planning an event?</h2>
          <p>Weddings, office parties, birthdays — we bring the cocoa bar to you.</p>
          <Link to="/contact" className="btn btn--primary btn--large">
            Get in Touch
          </Link>
        </div>
      </section>
    </>
  );
}
