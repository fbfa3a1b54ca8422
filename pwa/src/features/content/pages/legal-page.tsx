import { Link } from 'react-router-dom';
import { formatLongDate, LEGAL_PAGE_TITLES, type LegalPageKind } from '@cocoa/shared-types';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadProblem } from '../../../ui/load-problem';
import { Skeleton } from '../../../ui/skeleton';
import { useLegalPage } from '../api/legal-page';

const SHIPPING: { title: string; sections: Array<[string, string]> } = {
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
};

function ShippingPolicy() {
  useDocumentTitle(SHIPPING.title);
  return (
    <div className="container page prose">
      <h1>{SHIPPING.title}</h1>
      {SHIPPING.sections.map(([heading, text]) => (
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

/**
 * A page the owner writes in Admin → Legal pages (privacy, terms, refund and cancellation). The
 * server renders and sanitises its Markdown (api/src/legal/legal-markdown.ts: no raw HTML, no
 * scripts, no on* attributes, links to http(s), mailto, tel and the shop's paths only), so its
 * HTML is shown as it comes.
 */
function OwnerLegalPage({ kind }: { kind: LegalPageKind }) {
  const title = LEGAL_PAGE_TITLES[kind];
  useDocumentTitle(title);
  const page = useLegalPage(kind);
  if (page.isError && !page.data) {
    return (
      <LoadProblem
        page
        offline={`The ${title.toLowerCase()} has not been saved on this device yet. It will show once you are back online.`}
        failed={`The ${title.toLowerCase()} could not be loaded. Please try again.`}
        onRetry={() => void page.refetch()}
      />
    );
  }
  return (
    <div className="container page prose legal-page">
      <h1>{title}</h1>
      {page.data ? (
        <div className="legal-page__body" dangerouslySetInnerHTML={{ __html: page.data.html }} />
      ) : (
        <div aria-busy="true">
          <Skeleton className="skeleton--row" label="Loading the page" />
        </div>
      )}
      {page.data?.updatedAt && <p className="muted">Last updated {formatLongDate(page.data.updatedAt)}.</p>}
    </div>
  );
}

export default function LegalPage({ kind }: { kind: LegalPageKind | 'shipping' }) {
  return kind === 'shipping' ? <ShippingPolicy /> : <OwnerLegalPage kind={kind} />;
}
