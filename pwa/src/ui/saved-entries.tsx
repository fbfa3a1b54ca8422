import { lazyDateFormat } from '@cocoa/shared-types';
import { useOnline } from '../lib/use-online';
import './saved-entries.css';

/** One entry of a form's outbox (lib/outbox.ts) as the list shows it. */
export type SavedEntry = { id: string; about: string } & ({ status: 'waiting' } | { status: 'sent'; sentAt: string } | { status: 'refused'; message: string });

const TIME = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
const DAY = lazyDateFormat({ month: 'short', day: 'numeric' });

/** 'at 2:41 PM' today, 'on Mar 4 at 2:41 PM' before (in the viewer's clock: when this device did something). */
export function whenText(at: Date, now = new Date()): string {
  return at.toDateString() === now.toDateString() ? `at ${TIME().format(at)}` : `on ${DAY().format(at)} at ${TIME().format(at)}`;
}

/** 'Sent at 2:41 PM' today, 'Sent on Mar 4 at 2:41 PM' before. */
export function sentAtText(sentAt: string, now = new Date()): string {
  return `Sent ${whenText(new Date(sentAt), now)}`;
}

interface Props {
  /** The list's name for screen readers ('Messages saved on this device'). */
  label: string;
  entries: readonly SavedEntry[];
  onSendNow: () => void;
  onDismiss: (id: string) => void;
  /** Puts a refused entry back in the form (and forgets it). */
  onRestore?: (id: string) => void;
}

/**
 * What a form kept on this device while offline, under the form: waiting to send (with 'Send now'
 * while the browser is online), sent with its time, or not sent with the server's message.
 */
export function SavedEntries({ label, entries, onSendNow, onDismiss, onRestore }: Props) {
  const online = useOnline();
  if (entries.length === 0) return null;
  return (
    <section className="saved-entries" aria-label={label}>
      <ul aria-live="polite">
        {entries.map((entry) => (
          <li key={entry.id} className={`notice saved-entries__item saved-entries__item--${entry.status}`}>
            <strong>
              {entry.status === 'waiting' ? 'Waiting to send' : entry.status === 'sent' ? sentAtText(entry.sentAt) : `Not sent: ${entry.message}`}
            </strong>
            <p>{entry.about}</p>
            <div className="saved-entries__actions">
              {entry.status === 'waiting' && online && (
                <button type="button" className="btn btn--outline btn--small" onClick={onSendNow}>
                  Send now
                </button>
              )}
              {entry.status === 'refused' && onRestore && (
                <button type="button" className="btn btn--primary btn--small" onClick={() => onRestore(entry.id)}>
                  Put it back in the form
                </button>
              )}
              {entry.status !== 'waiting' && (
                <button type="button" className="btn btn--outline btn--small" onClick={() => onDismiss(entry.id)}>
                  Dismiss
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
