import { Fragment } from 'react';
import { APP_ROUTES } from '@cocoa/shared-types';
import { useShopIdentity } from '../lib/shop-identity';
import { LinkList, type LinkItem } from '../ui/link-list';
import { SocialLinks } from '../ui/social-links';

const PRODUCT_LINKS: LinkItem[] = [
  ['/products?category=hot-cocoa', 'Hot Cocoa'],
  ['/products?category=iced-cocoa', 'Iced Cocoa'],
  ['/products?category=shakes', 'Cocoa Shakes'],
  ['/products', 'Gift Sets'],
  ['/products', 'Accessories'],
];
const QUICK_LINKS: LinkItem[] = [
  ['/about', 'Our Story'],
  ['/events', 'Events'],
  ['/cocoa-tracker', 'Live Cocoa Tracker'],
  ['/contact', 'Contact'],
  ['/contact#faq', 'FAQ'],
];
const LEGAL_LINKS: LinkItem[] = [
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  [APP_ROUTES.refundPolicy, 'Refund and cancellation policy'],
  ['/shipping', 'Shipping Policy'],
];

/** A column of the footer: its title over its links. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly LinkItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer__title">
        {title}
      </h2>
      <LinkList links={links} />
    </nav>
  );
}

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
        <FooterLinks id="footer-products" title="Products" links={PRODUCT_LINKS} />
        <FooterLinks id="footer-quick" title="Quick Links" links={QUICK_LINKS} />
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
        <LinkList links={LEGAL_LINKS} />
      </div>
    </footer>
  );
}
