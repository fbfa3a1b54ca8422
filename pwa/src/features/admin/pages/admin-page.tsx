import { useDocumentTitle } from '../../../lib/use-document-title';

/** Placeholder page; its own issue builds the real one. */
export default function Page() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="container page">
      <h1>Admin Dashboard</h1>
      <p>The admin tools are coming soon.</p>
    </div>
  );
}
