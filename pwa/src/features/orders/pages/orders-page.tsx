import { useDocumentTitle } from '../../../lib/use-document-title';

/** Placeholder page; its own issue builds the real one. */
export default function Page() {
  useDocumentTitle('Order History');
  return (
    <div className="container page">
      <h1>Order History</h1>
      <p>Your orders will appear here.</p>
    </div>
  );
}
