import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { APP_ROUTES } from '@cocoa/shared-types';
import { useShopIdentity } from '../lib/shop-identity';
import { SocialLinks } from '../ui/social-links';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const shop = useShopIdentity();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer__title">
            {shop?.name ?? 'About us'}
          </h2>
          <p>Small-batch hot, iced and shake cocoa mixes from our family kitchen, shipped across the country and served at your events.</p>
          {shop && (
            <address className="footer__contact" data-testid="footer-contact">
              {shop.addressLines.map((line, i) => (
                <Fragment key={line}>
                  {i > 0 && <br />}
                  {line}
                </Fragment>
              ))}
              <br />
              <a href={shop.phoneUri}>{shop.phone}</a>
              <br />
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </address>
          )}
          <SocialLinks links={shop?.socialLinks ?? []} className="footer__social" />
        </section>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer__title">
            Products
          </h2>
          <ul>
            <li>
              <Link to="/products?category=hot-cocoa">Hot Cocoa</Link>
            </li>
            <li>
              <Link to="/products?category=iced-cocoa">Iced Cocoa</Link>
            </li>
            <li>
              <Link to="/products?category=shakes">Cocoa Shakes</Link>
            </li>
            <li>
              <Link to="/products">Gift Sets</Link>
            </li>
            <li>
              <Link to="/products">Accessories</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer__title">
            Quick Links
          </h2>
          <ul>
            <li>
              <Link to="/about">Our Story</Link>
            </li>
            <li>
              <Link to="/events">Events</Link>
            </li>
            <li>
              <Link to="/cocoa-tracker">Live Cocoa Tracker</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/contact#faq">FAQ</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className="footer__title">
            Newsletter
          </h2>
          <p>Seasonal flavours and event dates, once a month.</p>
          {/* The newsletter box has no submit behaviour. */}
          <form className="footer__newsletter" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="newsletter-email" className="visually-hidden">
              Email address
            </label>
            <input id="newsletter-email" type="email" placeholder="Your email" autoComplete="email" />
            <button type="submit" className="btn btn--primary btn--small">
              Subscribe
            </button>
          </form>
        </section>
      </div>
      <div className="container footer__legal">
        <p>
          © {year} {shop?.name}. All rights reserved.
        </p>
        <ul>
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link to={APP_ROUTES.refundPolicy}>Refund and cancellation policy</Link>
          </li>
          <li>
            <Link to="/shipping">Shipping Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
