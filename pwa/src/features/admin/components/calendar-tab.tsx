import { useState } from 'react';
import { formatEventTime, type ScheduledEvent } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { Skeleton, Spinner } from '../../../ui/skeleton';
import { useCalendarAction, useCalendarStatus, useInitCalendar, type CalendarEntry } from '../api/calendar';
import { useAdminEvents, useDeleteEvent } from '../api/events';
import { formatDay } from '../lib/format';
import { ConfirmDialog } from './dialog';
import { LocationDialog } from './location-dialog';

/** Location Scheduler: scheduled locations and the calendar-feed controls. */
export function CalendarTab() {
  return (
    <div className="admin-stack">
      <LocationsCard />
      <CalendarFeedsCard />
    </div>
  );
}

export function eventTimeRange(event: Pick<ScheduledEvent, 'startTime' | 'endTime'>): string {
  const start = formatEventTime(event.startTime);
  if (start === 'TBD') return 'TBD';
  const end = formatEventTime(event.endTime);
  return end === 'TBD' ? start : `${start} – ${end}`;
}

function LocationsCard() {
  const events = useAdminEvents();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<ScheduledEvent | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ScheduledEvent | null>(null);
  const rows = events.data ?? [];

  return (
    <section className="card admin-card" aria-labelledby="locations-title">
      <div className="admin-card__head">
        <h2 id="locations-title">Scheduled Locations</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          Add Location
        </button>
      </div>
      {events.isPending ? (
        <div aria-label="Loading scheduled locations" role="status">
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="skeleton--line" />)}
        </div>
      ) : events.isError && !rows.length ? (
        <div className="empty-state" role="alert">
          <p>Failed to load scheduled locations. Please try again.</p>
          <button type="button" className="btn btn--outline" onClick={() => events.refetch()}>Try again</button>
        </div>
      ) : !rows.length ? (
        <p className="empty-state">No scheduled locations yet</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Scheduled locations</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Location</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <th scope="row">{event.title}</th>
                  <td>
                    {event.location || 'No location'}
                    {event.address && <span className="admin-table__sub muted">{event.address}</span>}
                  </td>
                  <td>{formatDay(event.date) || 'TBD'}</td>
                  <td>{eventTimeRange(event)}</td>
                  <td className="admin-table__actions">
                    <button type="button" className="btn btn--outline" onClick={() => setEditing(event)} aria-label={`Edit ${event.title}`}>Edit</button>
                    <button type="button" className="btn btn--danger" onClick={() => setDeleting(event)} aria-label={`Delete ${event.title}`}>Delete</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined && <LocationDialog event={editing} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete location?"
          message={<p>Delete <strong>{deleting.title}</strong> on {formatDay(deleting.date) || 'TBD'}? It disappears from the tracker. This cannot be undone.</p>}
          confirmLabel="Delete location"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast('Location deleted', `${deleting.title} has been removed.`),
              onError: (error) => errorToast('Failed to delete location', messageOf(error, 'Please try again.')),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </section>
  );
}

const STATUS_TEXT: Record<string, string> = {
  connected: 'Connected',
  partial: 'Partly connected',
  error: 'Error',
  disconnected: 'Not connected',
};

const calendarName = (calendar: CalendarEntry) => calendar.name || calendar.summary || calendar.id;

function CalendarFeedsCard() {
  const status = useCalendarStatus();
  const init = useInitCalendar();
  const action = useCalendarAction();
  const [customId, setCustomId] = useState('');
  const [removing, setRemoving] = useState<CalendarEntry | null>(null);
  const calendars = status.data?.calendars ?? [];
  const state = status.data?.status ?? 'disconnected';
  const busy = action.isPending;

  return (
    <section className="card admin-card" aria-labelledby="calendar-title">
      <div className="admin-card__head">
        <h2 id="calendar-title">Calendar Integration</h2>
        <button type="button" className="btn btn--outline" onClick={() => init.mutate()} disabled={init.isPending}>
          {init.isPending ? 'Initialising...' : 'Initialise calendar'}
        </button>
      </div>
      {status.isPending ? (
        <Spinner label="Checking the calendar status" />
      ) : status.isError && !status.data ? (
        <p className="admin-status admin-status--bad" role="alert">Could not check the calendar status: {messageOf(status.error, 'unknown error')}</p>
      ) : (
        <>
          <dl className="admin-meta" aria-live="polite">
            <div>
              <dt>Calendar</dt>
              <dd className={`admin-status admin-status--${state === 'connected' ? 'ok' : state === 'error' ? 'bad' : 'off'}`}>{STATUS_TEXT[state] ?? state}</dd>
            </div>
            <div>
              <dt>Geocoding</dt>
              <dd className={`admin-status admin-status--${status.data?.geocoding === 'available' ? 'ok' : 'bad'}`}>{status.data?.geocoding === 'available' ? 'Available' : 'Unavailable'}</dd>
            </div>
          </dl>
          {status.data?.message && <p className="muted">{status.data.message}</p>}
          {!calendars.length ? (
            <p className="empty-state">No calendars yet. Initialise the calendar or add one below.</p>
          ) : (
            <ul className="admin-rows" aria-label="Calendars">
              {calendars.map((calendar) => {
                const active = calendar.active === true || status.data?.activeCalendarId === calendar.id;
                return (
                  <li key={calendar.id} className="admin-row">
                    <div className="admin-row__main">
                      <p className="admin-row__title admin-break">
                        {calendarName(calendar)}
                        {calendar.primary && <span className="badge">Primary</span>}
                        {active && <span className="badge badge--ok">Active</span>}
                      </p>
                      {calendarName(calendar) !== calendar.id && <p className="admin-row__meta muted admin-break">{calendar.id}</p>}
                    </div>
                    <div className="admin-row__actions">
                      <button type="button" className="btn btn--outline" disabled={busy || active} onClick={() => action.mutate({ action: 'set-active', calendarId: calendar.id })} aria-label={`Set ${calendarName(calendar)} active`}>
                        Set active
                      </button>
                      <button type="button" className="btn btn--outline" disabled={busy || calendar.primary} onClick={() => action.mutate({ action: 'set-primary', calendarId: calendar.id })} aria-label={`Set ${calendarName(calendar)} primary`}>
                        Set primary
                      </button>
                      {!calendar.primary && (
                        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setRemoving(calendar)} aria-label={`Remove ${calendarName(calendar)}`}>
                          Remove
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <form
        className="admin-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const calendarId = customId.trim();
          if (!calendarId) return;
          action.mutate({ action: 'add-custom', calendarId }, { onSuccess: () => setCustomId('') });
        }}
      >
        <div className="field">
          <label htmlFor="custom-calendar">Add a calendar (ID or iCalendar feed URL)</label>
          <input id="custom-calendar" value={customId} onChange={(event) => setCustomId(event.target.value)} autoCapitalize="none" spellCheck={false} placeholder="https://example.com/calendar.ics" />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy || !customId.trim()}>
          Add calendar
        </button>
      </form>
      <p className="muted">The status is checked every 30 seconds.</p>
      {removing && (
        <ConfirmDialog
          title="Remove calendar?"
          message={<p>Stop using <strong>{calendarName(removing)}</strong>? Its events are no longer merged into the scheduled locations.</p>}
          confirmLabel="Remove calendar"
          busyLabel="Removing..."
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => action.mutate({ action: 'remove-custom', calendarId: removing.id }, { onSettled: () => setRemoving(null) })}
        />
      )}
    </section>
  );
}
