import { Fragment } from 'react';
import { SHOP_CONTACT } from '@cocoa/shared-types';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactForm } from '../components/contact-form';

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

const SOCIAL = ['Facebook', 'Instagram', 'Twitter', 'YouTube'];

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  return (
    <>
      <section className="hero hero--small">
        <div className="container">
          <h1>Contact Us</h1>
          <p>Questions about an order, a flavour or cocoa service for your event? We would love to hear from you.</p>
        </div>
      </section>
      <div className="container page contact-layout">
        <ContactForm />
        <aside className="card contact-card" aria-labelledby="contact-card-title">
          <h2 id="contact-card-title">Get in Touch</h2>
          <h3>Visit us</h3>
          <address>
            {SHOP_CONTACT.address.map((line, i) => (
              <Fragment key={line}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </address>
          <h3>Email</h3>
          <p>
            <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>
          </p>
          <h3>Phone</h3>
          <p>
            <a href={SHOP_CONTACT.phoneUri}>{SHOP_CONTACT.phone}</a>
          </p>
          <h3>Hours</h3>
          <ul className="hours">
            <li>Mon-Fri 9AM-5PM</li>
            <li>Sat 10AM-4PM</li>
            <li>Sun closed</li>
          </ul>
          <ul className="footer__social contact-card__social">
            {SOCIAL.map((name) => (
              <li key={name}>
                <span role="img" aria-label={`${name} (coming soon)`}>
                  {name[0]}
                </span>
              </li>
            ))}
          </ul>
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
