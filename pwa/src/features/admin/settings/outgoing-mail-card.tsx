import { useState } from 'react';
import { MAIL_STATUS_LABELS, MAIL_STATUSES, type MailStatus, type OutboxMessage } from '@cocoa/shared-types';
import { Field } from '../../../ui/field';
import { LoadMore } from '../../../ui/load-more';
import { Spinner } from '../../../ui/skeleton';
import { useOutbox } from './api/outbox';
import { useRetryMail } from './api/retry-mail';
import { formatDateTime } from '../shared/format';
import { CouldNot } from '../shared/query-state';
import { LabelledOptions } from '../../../ui/labelled-options';
import { AdminCard } from '../shared/admin-card';

const BADGE: Record<MailStatus, string> = {
  queued: 'badge',
  sending: 'badge',
  sent: 'badge badge--ok',
  failed: 'badge badge--bad',
  kept: 'badge badge--off',
};

/**
 * Outgoing e-mail: every message the shop sends, newest first, with where it is (queued, sent,
 * failed after its retries, or kept because no mail server is set up, in which case this is where
 * the owner reads it). A failed message can be sent again.
 */
export function OutgoingMailCard() {
  const [status, setStatus] = useState<MailStatus | 'all'>('all');
  const outbox = useOutbox(status);
  const messages = outbox.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <AdminCard titleId="outgoing-mail-title" title="Outgoing e-mail">
      <p className="muted">Every e-mail the shop sends, newest first. Without a mail server (SMTP_URL) messages are kept here for you to read.</p>
      <Field id="outgoing-mail-status" label="Show">
        <select id="outgoing-mail-status" value={status} onChange={(event) => setStatus(event.target.value as MailStatus | 'all')}>
          <option value="all">All messages</option>
          <LabelledOptions values={MAIL_STATUSES} labels={MAIL_STATUS_LABELS} />
        </select>
      </Field>
      {outbox.isPending ? (
        <Spinner label="Loading outgoing e-mail" />
      ) : outbox.isError ? (
        <CouldNot what="load the outgoing e-mail" error={outbox.error} />
      ) : messages.length === 0 ? (
        <p className="muted">{status === 'all' ? 'No e-mail has been sent yet.' : `No ${MAIL_STATUS_LABELS[status].toLowerCase()} messages.`}</p>
      ) : (
        <ul className="admin-rows" aria-label="Outgoing e-mail">
          {messages.map((message) => (
            <OutboxRow key={message.id} message={message} />
          ))}
        </ul>
      )}
      <LoadMore page={outbox} failedText="Could not load more messages." />
    </AdminCard>
  );
}

function OutboxRow({ message }: { message: OutboxMessage }) {
  const retry = useRetryMail();
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <p className="admin-row__title admin-break">
          {message.subject}
          <span className={BADGE[message.status]}>{MAIL_STATUS_LABELS[message.status]}</span>
        </p>
        <p className="admin-row__meta admin-break">
          To {message.to} · {formatDateTime(message.createdAt)}
          {message.sentAt && ` · sent ${formatDateTime(message.sentAt)}`}
          {message.attempts > 1 && ` · ${message.attempts} attempts`}
        </p>
        {message.lastError && message.status !== 'sent' && (
          <p className="admin-row__meta admin-break">
            {message.status === 'failed' ? 'The mail server refused it: ' : 'Last try refused, it will be retried: '}
            {message.lastError}
          </p>
        )}
        <details className="admin-details">
          <summary>Read the message</summary>
          <pre className="admin-mail-text">{message.text}</pre>
        </details>
      </div>
      {message.status === 'failed' && (
        <div className="admin-row__actions">
          <button
            type="button"
            className="btn btn--primary btn--small-touch"
            aria-label={`Retry the e-mail to ${message.to}`}
            disabled={retry.isPending}
            onClick={() => retry.mutate(message.id)}
          >
            {retry.isPending ? 'Retrying...' : 'Retry'}
          </button>
        </div>
      )}
    </li>
  );
}
