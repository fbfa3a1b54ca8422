import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BOOKING_STATE_LABELS,
  bookingRequestSubject,
  EVENT_TYPE_LABELS,
  formatEventTime,
  INBOX_KIND_LABELS,
  INBOX_REPLY_MAX,
  type InboxKind,
  type InboxListItem,
  type InboxMessage,
  inboxReplySchema,
  type InboxState,
  inquirySubject,
} from '@cocoa/shared-types';
import { LoadProblem } from '../../../ui/load-problem';
import { Skeleton, SkeletonLines } from '../../../ui/skeleton';
import { type InboxAction, useInboxAction } from './api/inbox-action';
import { useInboxMessage } from './api/inbox-message';
import { useInboxPage } from './api/inbox';
import { useInboxReply } from './api/inbox-reply';
import { formatDateTime, formatDay } from '../shared/format';
import './inbox-tab.css';
import { MetaRow } from '../../../ui/meta-row';
import { RefreshButton } from '../shared/refresh-button';
import { Segment } from '../shared/segment';
import { SwipeRow } from '../shared/swipe-row';

const FILTERS: Array<{ state: InboxState; label: string; empty: string }> = [
  { state: 'all', label: 'Inbox', empty: 'No messages. Contact messages and event inquiries show here as they arrive.' },
  { state: 'unread', label: 'Unread', empty: 'No unread messages.' },
  { state: 'archived', label: 'Archived', empty: 'No archived messages.' },
];

/** The tab's label: 'Inbox (3)' while messages wait unread. */
export function inboxTabLabel(unread: number | undefined): string {
  return unread ? `Inbox (${unread})` : 'Inbox';
}

/**
 * The Inbox tab: contact messages, event inquiries and booking requests newest first, unread ones in bold; the
 * inbox itself (all but archived), unread only, or the archive. Opening a message marks it read
 * (Mark unread puts it back); a reply is queued for e-mail and shows in the message's thread.
 */
export function InboxTab() {
  const [state, setState] = useState<InboxState>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ kind: InboxKind; id: number } | null>(null);
  const list = useInboxPage(state, page);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (open) {
    return (
      <MessageView
        key={`${open.kind}-${open.id}`}
        kind={open.kind}
        id={open.id}
        onBack={() => {
          setOpen(null);
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
      />
    );
  }

  const data = list.data;
  const filter = FILTERS.find((f) => f.state === state)!;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="card admin-card" aria-labelledby="inbox-title">
      <div className="admin-card__head">
        <h2 id="inbox-title" ref={headingRef} tabIndex={-1}>
          Messages
        </h2>
        <RefreshButton query={list} />
      </div>
      <Segment
        label="Show"
        choices={FILTERS.map((f) => ({ id: f.state, label: f.label }))}
        value={state}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      {!data ? (
        list.isError ? (
          <LoadProblem offline="Messages will show once you are back online." failed="Failed to load messages." onRetry={() => void list.refetch()} />
        ) : (
          <SkeletonLines label="Loading messages" count={4} className="skeleton--row" />
        )
      ) : !data.items.length ? (
        <p className="empty-state">{page > 1 ? 'No more messages.' : filter.empty}</p>
      ) : (
        <ul className="admin-rows inbox-list" aria-label={filter.label}>
          {data.items.map((item) => (
            <InboxRow key={`${item.kind}-${item.id}`} item={item} onOpen={() => setOpen({ kind: item.kind, id: item.id })} />
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="admin-pager" aria-label="Message pages">
          <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

/** A message's row; a swipe marks it read or unread and archives it (or moves it back), as in a mail app. */
function InboxRow({ item, onOpen }: { item: InboxListItem; onOpen: () => void }) {
  const unread = !item.readAt;
  const action = useInboxAction();
  const act = (what: InboxAction) => action.mutate({ kind: item.kind, id: item.id, action: what });
  return (
    <SwipeRow
      actions={[
        { label: unread ? 'Mark read' : 'Mark unread', onAct: () => act(unread ? 'read' : 'unread'), disabled: action.isPending },
        item.archivedAt
          ? { label: 'Move to inbox', onAct: () => act('unarchive'), disabled: action.isPending }
          : { label: 'Archive', onAct: () => act('archive'), tone: 'danger', disabled: action.isPending },
      ]}
    >
      <button type="button" className={`inbox-row${unread ? ' is-unread' : ''}`} onClick={onOpen}>
        <span className="inbox-row__top">
          <span className="inbox-row__from">
            {unread && <span className="inbox-row__dot" aria-hidden="true" />}
            {unread && <span className="visually-hidden">Unread: </span>}
            {item.name}
          </span>
          <span className="inbox-row__when muted">{formatDateTime(item.receivedAt)}</span>
        </span>
        <span className="inbox-row__subject">
          <span className="badge inbox-kind">{INBOX_KIND_LABELS[item.kind]}</span> {item.subject}
          {item.eventDate && <span className="muted"> · {formatDay(`${item.eventDate}T12:00:00`)}</span>}
        </span>
        <span className="inbox-row__excerpt muted">{item.excerpt}</span>
      </button>
    </SwipeRow>
  );
}

/** One message: who and what, its replies, the reply form, and read / archive. */
function MessageView({ kind, id, onBack }: { kind: InboxKind; id: number; onBack: () => void }) {
  const message = useInboxMessage(kind, id);
  const action = useInboxAction();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const markedOnOpen = useRef(false);
  const data = message.data;

  // Opening an unread message reads it; once only, so Mark unread stays unread.
  useEffect(() => {
    if (!data || markedOnOpen.current) return;
    markedOnOpen.current = true;
    if (!data.readAt) action.mutate({ kind, id, action: 'read' });
  }, [data, kind, id, action]);

  useEffect(() => {
    titleRef.current?.focus();
  }, [data?.id]);

  const act = (what: InboxAction) => action.mutate({ kind, id, action: what });
  return (
    <section className="card admin-card" aria-labelledby="inbox-message-title">
      <div className="admin-actions">
        <button type="button" className="btn btn--outline" onClick={onBack}>
          Back to messages
        </button>
      </div>
      {!data ? (
        message.isError ? (
          <LoadProblem offline="The message will show once you are back online." failed="Failed to load the message." onRetry={() => void message.refetch()} />
        ) : (
          <SkeletonLines label="Loading the message" count={1} className="skeleton--row">
            <Skeleton className="skeleton--title" />
          </SkeletonLines>
        )
      ) : (
        <>
          <h2 id="inbox-message-title" ref={titleRef} tabIndex={-1} className="admin-break">
            {data.kind === 'contact'
              ? data.subject
              : data.kind === 'inquiry'
                ? `Event inquiry: ${inquirySubject(data)}`
                : `Booking request ${bookingRequestSubject(data)}`}
          </h2>
          <p className="muted">
            <span className="badge inbox-kind">{INBOX_KIND_LABELS[data.kind]}</span> From {data.name} &lt;
            <a href={`mailto:${data.email}`}>{data.email}</a>&gt;, received {formatDateTime(data.receivedAt)}
            {data.archivedAt && ' · Archived'}
          </p>
          <div className="admin-actions">
            <button type="button" className="btn btn--outline" disabled={action.isPending} onClick={() => act(data.readAt ? 'unread' : 'read')}>
              {data.readAt ? 'Mark unread' : 'Mark read'}
            </button>
            <button type="button" className="btn btn--outline" disabled={action.isPending} onClick={() => act(data.archivedAt ? 'unarchive' : 'archive')}>
              {data.archivedAt ? 'Move to inbox' : 'Archive'}
            </button>
          </div>
          <MessageBody message={data} />
          <Thread message={data} />
          <ReplyForm message={data} />
        </>
      )}
    </section>
  );
}

function MessageBody({ message }: { message: InboxMessage }) {
  if (message.kind === 'contact') return <p className="inbox-body">{message.message}</p>;
  if (message.kind === 'booking') return <BookingRequestBody message={message} />;
  return (
    <>
      <dl className="admin-meta">
        <MetaRow term="Event">{EVENT_TYPE_LABELS[message.eventType]}</MetaRow>
        <MetaRow term="Date">{formatDay(`${message.eventDate}T12:00:00`)}</MetaRow>
        <MetaRow term="Guests">{message.guests}</MetaRow>
        <MetaRow term="Location" className="admin-break">
          {message.location}
        </MetaRow>
        {message.phone && (
          <MetaRow term="Phone">
            <a href={`tel:${message.phone}`}>{message.phone}</a>
          </MetaRow>
        )}
      </dl>
      {message.message ? <p className="inbox-body">{message.message}</p> : <p className="muted">No message.</p>}
    </>
  );
}

/** A booking request as it was made; accepting or declining it happens in the Bookings tab. */
function BookingRequestBody({ message }: { message: Extract<InboxMessage, { kind: 'booking' }> }) {
  return (
    <>
      <dl className="admin-meta">
        <MetaRow term="Booking">
          {message.reference}, {BOOKING_STATE_LABELS[message.state].toLowerCase()}
        </MetaRow>
        <MetaRow term="Package">{message.packageName}</MetaRow>
        <MetaRow term="Date">
          {formatDay(`${message.eventDate}T12:00:00`)}, {formatEventTime(message.startTime)} to {formatEventTime(message.endTime)}
        </MetaRow>
        <MetaRow term="Guests">{message.guests}</MetaRow>
        <MetaRow term="Venue" className="admin-break">
          {message.venueName}, {message.venueAddress}
        </MetaRow>
        <MetaRow term="Phone">
          <a href={`tel:${message.phone}`}>{message.phone}</a>
        </MetaRow>
      </dl>
      {message.message ? <p className="inbox-body">{message.message}</p> : <p className="muted">No notes.</p>}
      <p>
        <Link className="btn btn--primary" to={`/admin?tab=bookings&booking=${message.id}`}>
          Open booking {message.reference}
        </Link>
      </p>
    </>
  );
}

function Thread({ message }: { message: InboxMessage }) {
  if (!message.replies.length) return null;
  return (
    <section aria-labelledby="inbox-thread-title">
      <h3 id="inbox-thread-title">Replies</h3>
      <ol className="inbox-thread">
        {message.replies.map((reply) => (
          <li key={reply.id} className="inbox-reply">
            <p className="muted">
              {reply.sentBy} replied {formatDateTime(reply.sentAt)}
            </p>
            <p className="inbox-body">{reply.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReplyForm({ message }: { message: InboxMessage }) {
  const reply = useInboxReply();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inboxReplySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    reply.mutate({ kind: message.kind, id: message.id, body: parsed.data.body }, { onSuccess: () => setBody('') });
  };

  return (
    <form className="inbox-reply-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>Reply to {message.name}</label>
        <textarea
          id={fieldId}
          rows={6}
          value={body}
          maxLength={INBOX_REPLY_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="muted">E-mailed to {message.email} from the shop; it is kept in this thread.</p>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={reply.isPending}>
          {reply.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
