import { useState } from 'react';
import { calendarIdSchema, dayKey, formatEventTime, formatLongDate, type Calendar, type ScheduledEvent } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { SkeletonLines, Spinner } from '../../../ui/skeleton';
import { LoadMore } from '../../../ui/load-more';
import { describedBy, Field } from '../../../ui/field';
import { useCalendarAction } from './api/calendar-action';
import { useCalendarStatus } from './api/calendar-status';
import { useInitCalendar } from './api/init-calendar';
import { type AdminEventsSegment, useAdminEvents } from './api/events';
import { useDeleteEvent } from './api/delete-event';
import { useSaveOrdersAhead } from './api/save-orders-ahead';
import { useSettings } from '../settings/api/settings';
import { formatDateTime, formatDay } from '../shared/format';
import { ConfirmDialog } from '../shared/dialog';
import { GeocodingKeyForm } from './geocoding-key-form';
import { LocationDialog } from './location-dialog';
import { MetaRow } from '../../../ui/meta-row';
import { Segment } from '../shared/segment';
import { TableHead } from '../../../ui/table-head';
import { CouldNot, LoadFailed } from '../shared/query-state';
import { AddButton, AdminCard, cardStack } from '../shared/admin-card';

/** Location Scheduler: scheduled locations and the calendar-feed controls. */
export const CalendarTab = cardStack(LocationsCard, CalendarFeedsCard);

export function eventTimeRange(event: Pick<ScheduledEvent, 'startTime' | 'endTime'>): string {
  const start = formatEventTime(event.startTime);
  if (start === 'TBD') return 'TBD';
  const end = formatEventTime(event.endTime);
  return end === 'TBD' ? start : `${start} – ${end}`;
}

/** The two lists of the scheduler, split at the shop's today; upcoming first, as that is what the owner manages. */
const SEGMENTS: ReadonlyArray<{ id: AdminEventsSegment; label: string; empty: string; hint: (today: string) => string }> = [
  { id: 'upcoming', label: 'Upcoming', empty: 'No scheduled locations yet', hint: (today) => `From today, ${today}, on, soonest first.` },
  { id: 'past', label: 'Past', empty: 'No past locations', hint: (today) => `Before today, ${today}, newest first.` },
];

function LocationsCard() {
  const [segment, setSegment] = useState<AdminEventsSegment>('upcoming');
  const shown = SEGMENTS.find((s) => s.id === segment) ?? SEGMENTS[0];
  // New stops are dated in the shop's zone (Settings), whatever zone the tablet is in; the lists split at the shop's today.
  const shopZone = useSettings().data?.SHOP_TIME_ZONE;
  const now = new Date();
  const today = dayKey(now, shopZone);
  const events = useAdminEvents(segment, today);
  const remove = useDeleteEvent();
  const ordersAhead = useSaveOrdersAhead();
  const [editing, setEditing] = useState<ScheduledEvent | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ScheduledEvent | null>(null);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <AdminCard titleId="locations-title" title="Scheduled Locations" actions={<AddButton label="Add Location" onAdd={() => setEditing(null)} />}>
      <Segment label="Which locations to show" choices={SEGMENTS} value={segment} onChange={setSegment} />
      <p className="muted">{shown.hint(formatLongDate(now, shopZone))}</p>
      {events.isPending ? (
        <SkeletonLines label="Loading scheduled locations" count={3} />
      ) : events.isError && !rows.length ? (
        <LoadFailed message="Failed to load scheduled locations. Please try again." onRetry={() => void events.refetch()} />
      ) : !rows.length ? (
        <p className="empty-state">{shown.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{`${shown.label} scheduled locations`}</caption>
            <TableHead columns={['Title', 'Location', 'Date', 'Time', 'Orders ahead', '']} />
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <th scope="row">{event.title}</th>
                  <td>
                    {event.location || 'No location'}
                    {event.address && <span className="admin-table__sub muted">{event.address}</span>}
                  </td>
                  <td className="admin-table__nowrap">{formatDay(event.date, event.timeZone) || 'TBD'}</td>
                  <td>{eventTimeRange(event)}</td>
                  <td>
                    <label className="admin-check">
                      <input
                        type="checkbox"
                        checked={event.takesOrders}
                        disabled={ordersAhead.isPending}
                        onChange={() =>
                          ordersAhead.mutate(
                            { id: event.id, title: event.title, takesOrders: !event.takesOrders },
                            { onError: (e) => errorToast('Could not change orders ahead', messageOf(e, 'Please try again.')) },
                          )
                        }
                      />
                      Takes orders<span className="visually-hidden"> at {event.title}</span>
                    </label>
                  </td>
                  <td className="admin-table__actions">
                    {event.calendarName ? (
                      // Imported stops belong to their feed: the next sync would undo an edit made here.
                      <span className="muted" title="Change it in that calendar, or remove the feed below">
                        From {event.calendarName}
                      </span>
                    ) : (
                      <>
                        <button type="button" className="btn btn--outline" onClick={() => setEditing(event)} aria-label={`Edit ${event.title}`}>
                          Edit
                        </button>
                        <button type="button" className="btn btn--danger" onClick={() => setDeleting(event)} aria-label={`Delete ${event.title}`}>
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <LoadMore page={events} failedText="Unable to load more locations. Please try again." />
        </div>
      )}
      {editing !== undefined && <LocationDialog event={editing} timeZone={shopZone} onClose={() => setEditing(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete location?"
          message={
            <p>
              Delete <strong>{deleting.title}</strong> on {formatDay(deleting.date, deleting.timeZone) || 'TBD'}? It disappears from the tracker. This cannot be
              undone.
            </p>
          }
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
    </AdminCard>
  );
}

const STATUS_TEXT: Record<string, string> = {
  connected: 'Connected',
  partial: 'Partly connected',
  error: 'Error',
  disconnected: 'Not connected',
};

function CalendarFeedsCard() {
  const status = useCalendarStatus();
  const init = useInitCalendar();
  const action = useCalendarAction();
  const [feedUrl, setFeedUrl] = useState('');
  const [feedName, setFeedName] = useState('');
  const [feedError, setFeedError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Calendar | null>(null);
  const calendars = status.data?.calendars ?? [];
  const state = status.data?.status ?? 'disconnected';
  const busy = action.isPending;

  return (
    <AdminCard
      titleId="calendar-title"
      title="Calendar Integration"
      actions={
        <button type="button" className="btn btn--outline" onClick={() => init.mutate()} disabled={init.isPending}>
          {init.isPending ? 'Syncing calendars...' : 'Initialise and sync calendars'}
        </button>
      }
    >
      <p className="muted">Events of the active iCalendar feeds are merged into the scheduled locations. The status is checked every 30 seconds.</p>
      {status.isPending ? (
        <Spinner label="Checking the calendar status" />
      ) : status.isError && !status.data ? (
        <CouldNot what="check the calendar status" error={status.error} />
      ) : (
        <>
          <dl className="admin-meta">
            <MetaRow term="Calendars" className={`admin-status admin-status--${state === 'connected' ? 'ok' : state === 'error' ? 'bad' : 'off'}`}>
              {STATUS_TEXT[state] ?? state}
            </MetaRow>
            <MetaRow term="Geocoding" className={`admin-status admin-status--${status.data?.geocoding === 'available' ? 'ok' : 'bad'}`}>
              {status.data?.geocoding === 'available' ? 'Available' : 'Unavailable'}
            </MetaRow>
          </dl>
          <GeocodingKeyForm available={status.data?.geocoding === 'available'} />
          {!calendars.length ? (
            <p className="empty-state">No calendar feeds yet. Add one below.</p>
          ) : (
            <ul className="admin-rows" aria-label="Calendar feeds">
              {calendars.map((calendar) => (
                <li key={calendar.id} className="admin-row">
                  <div className="admin-row__main">
                    <p className="admin-row__title admin-break">
                      {calendar.name || calendar.id}
                      {calendar.primary && <span className="badge">Primary</span>}
                      {calendar.active ? <span className="badge badge--ok">Active</span> : <span className="badge badge--off">Inactive</span>}
                    </p>
                    <p className="admin-row__meta muted admin-break">{calendar.id}</p>
                    <p className="admin-row__meta muted">{calendar.lastSyncedAt ? `Last synced ${formatDateTime(calendar.lastSyncedAt)}` : 'Not synced yet'}</p>
                    {calendar.lastError && <p className="admin-row__meta admin-status--bad">Last error: {calendar.lastError}</p>}
                  </div>
                  <div className="admin-row__actions">
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={busy}
                      onClick={() => action.mutate({ action: 'set-active', calendarId: calendar.id, active: !calendar.active })}
                      aria-label={`${calendar.active ? 'Deactivate' : 'Set active'} ${calendar.name || calendar.id}`}
                    >
                      {calendar.active ? 'Deactivate' : 'Set active'}
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline"
                      disabled={busy || calendar.primary}
                      onClick={() => action.mutate({ action: 'set-primary', calendarId: calendar.id })}
                      aria-label={`Set ${calendar.name || calendar.id} primary`}
                    >
                      Set primary
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger"
                      disabled={busy}
                      onClick={() => setRemoving(calendar)}
                      aria-label={`Remove ${calendar.name || calendar.id}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form
        className="admin-inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = calendarIdSchema.safeParse({ calendarId: feedUrl, name: feedName.trim() || undefined });
          if (!parsed.success) {
            setFeedError(parsed.error.issues[0]?.message ?? 'Enter the feed URL');
            return;
          }
          setFeedError(null);
          action.mutate(
            { action: 'add-custom', calendarId: parsed.data.calendarId, name: parsed.data.name },
            {
              onSuccess: () => {
                setFeedUrl('');
                setFeedName('');
              },
              // Kept in the form with the reason, so the owner can correct the address.
              onError: (error) => setFeedError(messageOf(error, 'Failed to add the calendar.')),
            },
          );
        }}
      >
        <Field id="custom-calendar" label="Calendar feed URL (https:// or webcal://)" error={feedError ?? undefined}>
          <input
            {...describedBy('custom-calendar', feedError)}
            type="url"
            inputMode="url"
            value={feedUrl}
            onChange={(event) => setFeedUrl(event.target.value)}
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://example.com/calendar.ics"
          />
        </Field>
        <Field id="custom-calendar-name" label="Name (optional)">
          <input id="custom-calendar-name" value={feedName} onChange={(event) => setFeedName(event.target.value)} />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={busy || !feedUrl.trim()}>
          {busy && action.variables?.action === 'add-custom' ? 'Checking the feed...' : 'Add calendar'}
        </button>
      </form>
      {removing && (
        <ConfirmDialog
          title="Remove calendar?"
          message={
            <p>
              Remove <strong>{removing.name || removing.id}</strong>? The locations imported from this feed are removed from the schedule too.
            </p>
          }
          confirmLabel="Remove calendar"
          busyLabel="Removing..."
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => action.mutate({ action: 'remove-custom', calendarId: removing.id }, { onSettled: () => setRemoving(null) })}
        />
      )}
    </AdminCard>
  );
}
