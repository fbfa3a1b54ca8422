import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Kind = 'privacy' | 'terms' | 'shipping';

const PAGES: Record<Kind, { title: string; sections: Array<[string, string]> }> = {
  privacy: {
    title: 'Privacy Policy',
    sections: [
      [
        'What we collect',
        'When you create an account or place an order we keep your name, e-mail address, shipping address and phone number, and the items you ordered. Card details go straight to our payment provider; we never see or store your card number.',
      ],
      [
        'How we use it',
        'We use your details to ship your order, answer your messages, and — only if you ask — send our newsletter. We do not sell or rent your data.',
      ],
      [
        'Cookies and storage',
        'We use one session cookie to keep you signed in. Your cart, the last catalogue you saw and messages waiting for a signal are kept in your own browser so the shop works offline. When you install the app or first put something in your cart, we ask your browser to keep them; if it says no, a phone short of space may clear a waiting cart or message, and nothing else changes.',
      ],
      [
        'Your choices',
        'You can update your profile in Account Settings at any time, or write to us through the contact page to have your account and orders deleted.',
      ],
    ],
  },
  terms: {
    title: 'Terms of Service',
    sections: [
      [
        'Orders',
        'Placing an order is an offer to buy. We confirm it by e-mail once payment is accepted. Prices are in US dollars and include no tax until checkout.',
      ],
      ['Products', 'Our mixes are food products made in a kitchen that also handles milk and nuts. Please read each description for allergen information.'],
      ['Event bookings', 'Event dates are confirmed once we reply to your request. Details and deposits are agreed with you in writing.'],
      ['Liability', 'We do our best to keep the site accurate and available but cannot promise it will be free of errors or interruptions.'],
    ],
  },
  shipping: {
    title: 'Shipping Policy',
    sections: [
      ['Processing', 'Orders ship within 1-2 business days.'],
      [
        'Delivery',
        'Domestic orders arrive in 3-5 business days. International delivery times vary by destination. Every order ships with tracking, sent to you by e-mail.',
      ],
      ['Cost', 'Shipping is a flat $5.99 per order.'],
      ['Returns', 'If something arrives damaged or is not right, contact us within 14 days of receipt and we will make it right.'],
    ],
  },
};

export default function LegalPage({ kind }: { kind: Kind }) {
  const page = PAGES[kind];
  useDocumentTitle(page.title);
  return (
    <div className="container page prose">
      <h1>{page.title}</h1>
      {page.sections.map(([heading, text]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <p>{text}</p>
        </section>
      ))}
      <p>
        Questions? <Link to="/contact">Contact us</Link>.
      </p>
    </div>
  );
}
