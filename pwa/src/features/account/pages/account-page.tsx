import { useDocumentTitle } from '../../../lib/use-document-title';

/** Placeholder page; its own issue builds the real one. */
export default function Page() {
  useDocumentTitle('Account Settings');
  return (
    <div className="container page">
      <h1>Account Settings</h1>
      <p>Profile and password settings are coming soon.</p>
    </div>
  );
}
