import { Link } from 'react-router-dom';
import { SHOP_CONTACT } from '@cocoa/shared-types';

const SOCIAL = ['Facebook', 'Instagram', 'Twitter', 'YouTube'];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer__title">
            {SHOP_CONTACT.name}
          </h2>
          <p>Small-batch hot, iced and shake cocoa mixes from our family kitchen, shipped across the country and served at your events.</p>
          <ul className="footer__social">
            {SOCIAL.map((name) => (
              <li key={name}>
                {/* Placeholder social links: they go nowhere yet, so they are not links nor in the tab order. */}
                <span role="img" aria-label={`${name} (coming soon)`}>
                  {name[0]}
                </span>
              </li>
            ))}
          </ul>
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
          © {year} {SHOP_CONTACT.name}. All rights reserved.
        </p>
        <ul>
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link to="/shipping">Shipping Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
