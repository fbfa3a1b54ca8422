import { Fragment } from 'react';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SocialLinks } from '../../../ui/social-links';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../../../ui/page-hero';

const FAQ = [
  {
    q: 'How do I prepare your cocoa mixes?',
    a: 'Stir two heaped tablespoons into a mug of hot milk — we recommend hot milk for the richest cup. Water works too, and the iced and shake mixes blend straight into cold milk.',
  },
  {
    q: 'Are your products gluten-free?',
    a: 'Most of our blends are gluten-free. Please check each product description for its ingredients and allergen notes.',
  },
  {
    q: 'How long does shipping take?',
    a: 'Orders ship within 1-2 business days and arrive in 3-5 business days within the United States. International delivery times vary by destination. We e-mail you a tracking number as soon as your order ships.',
  },
  {
    q: 'What is your return policy?',
    a: 'If something is not right, contact us within 14 days of receiving your order and we will make it right.',
  },
  {
    q: 'Do you offer wholesale pricing?',
    a: 'Yes. Cafés, shops and event planners can e-mail our sales team for wholesale pricing and minimum quantities.',
  },
];

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const shop = useShopIdentity();
  return (
    <>
      <PageHero title="Contact Us" intro="Questions about an order, a flavour or cocoa service for your event? We would love to hear from you." />
      <div className="container page contact-layout">
        <ContactForm />
        <aside className="card contact-card" aria-labelledby="contact-card-title">
          <h2 id="contact-card-title">Get in Touch</h2>
          {shop ? (
            <>
              <h3>Visit us</h3>
              <address>
                {shop.addressLines.map((line, i) => (
                  <Fragment key={line}>
                    {i > 0 && <br />}
                    {line}
                  </Fragment>
                ))}
              </address>
              <h3>Email</h3>
              <p>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </p>
              <h3>Phone</h3>
              <p>
                <a href={shop.phoneUri}>{shop.phone}</a>
              </p>
              {shop.hours && (
                <>
                  <h3>Hours</h3>
                  <ul className="hours">
                    {shop.hours
                      .split('\n')
                      .filter((line) => line.trim() !== '')
                      .map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                  </ul>
                </>
              )}
              <SocialLinks links={shop.socialLinks} className="footer__social contact-card__social" />
            </>
          ) : (
            <p aria-busy="true">Loading our address…</p>
          )}
        </aside>
      </div>
      <section id="faq" className="container page faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently Asked Questions</h2>
        {FAQ.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </>
  );
}
