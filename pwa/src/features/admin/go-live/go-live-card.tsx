import { Link } from 'react-router-dom';
import type { GoLiveChecklist } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { Spinner } from '../../../ui/skeleton';
import { DemoNotice } from '../settings/demo-notice';
import { useGoLiveChecklist, useSendTestMail } from './api/go-live';
import { AdminCard } from '../shared/admin-card';

/**
 * The go-live checklist on the admin's first screen (docs/admin.md, "Go-live checklist"): each step
 * from a demo to a live shop, computed by the server, done (✓ Done) or saying what is missing with
 * a link to where it is fixed. While the shop's identity is not set, the shop says it is a demo.
 */
export function GoLiveCard() {
  const checklist = useGoLiveChecklist();
  const list = checklist.data;
  const identity = list?.items.find((item) => item.id === 'identity');
  return (
    <AdminCard titleId="go-live-title" title="Go-live checklist">
      {identity && !identity.done && <DemoNotice />}
      {checklist.isPending ? (
        <Spinner label="Loading the go-live checklist" />
      ) : checklist.isError ? (
        <p className="admin-status admin-status--bad" role="alert">
          Could not load the go-live checklist: {messageOf(checklist.error, 'unknown error')}{' '}
          <button type="button" className="btn btn--outline btn--small" onClick={() => void checklist.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className="muted">{list!.ready ? 'Everything is ready: the shop is live.' : 'Before taking real orders, finish each step.'}</p>
          <ul className="admin-rows go-live" aria-label="Go-live checklist">
            {list!.items.map((item) => (
              <GoLiveLine key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </AdminCard>
  );
}

function GoLiveLine({ item }: { item: GoLiveChecklist['items'][number] }) {
  const sendTestMail = useSendTestMail();
  return (
    <li className="go-live__line" data-testid={`go-live-${item.id}`}>
      <strong>{item.label}</strong>{' '}
      {item.done ? (
        <span className="badge badge--ok">✓ Done</span>
      ) : (
        <>
          <span className="badge badge--bad">To do</span>
          <span className="go-live__missing">{item.missing}</span>
          {item.fix && (
            <Link className="go-live__fix" to={item.fix}>
              {item.fixLabel}
            </Link>
          )}
          {item.id === 'mail' && (
            <button type="button" className="btn btn--outline btn--small" disabled={sendTestMail.isPending} onClick={() => sendTestMail.mutate()}>
              {sendTestMail.isPending ? 'Sending...' : 'Send a test e-mail'}
            </button>
          )}
        </>
      )}
    </li>
  );
}
