import { useDocumentTitle } from '../../../lib/use-document-title';

/** Placeholder page; its own issue builds the real one. */
export default function Page() {
  useDocumentTitle('Order Confirmation');
  return (
    <div className="container page">
      <h1>Order Confirmation</h1>
      <p>No order information found. Please check your orders history.</p>
    </div>
  );
}
