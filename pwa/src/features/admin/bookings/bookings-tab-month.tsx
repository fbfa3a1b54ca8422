import { useId, useMemo, useState } from 'react';
import {
  addMonths,
  type AdminBookingSummary,
  BOOKING_STATE_LABELS,
  type BlockedDay,
  dayKey,
  formatEventTime,
  monthGrid,
  type ScheduledEvent,
  lazyDateFormat,
} from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { SkeletonLines } from '../../../ui/skeleton';
import { useBlockDay } from './api/blocked-days';
import { useBookingMonth } from './api/month';
import { bookingDate, BookingStateLabel } from './bookings-tab-format';
import { LoadFailed } from '../shared/query-state';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_TITLE = lazyDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthTitle = (month: string) => MONTH_TITLE().format(new Date(`${month}-15T12:00:00Z`));

/** Bookings that still hold or ask for their day (declined and cancelled ones are listed, but not counted). */
const live = (b: AdminBookingSummary) => b.state !== 'declined' && b.state !== 'cancelled';

interface Day {
  bookings: AdminBookingSummary[];
  stops: ScheduledEvent[];
  blocked: BlockedDay | undefined;
}

/** What a day holds, in words (a day button's name and the cell's lines). */
function summary(day: Day): string[] {
  const lines: string[] = [];
  if (day.blocked) lines.push('Blocked');
  for (const b of day.bookings.filter(live)) lines.push(`${b.reference} ${BOOKING_STATE_LABELS[b.state]}`);
  for (const s of day.stops) lines.push(`Stop: ${s.title}`);
  return lines;
}

/**
 * A month of bookings beside the scheduled stops (tablet first): each day shows what it holds;
 * choosing one lists its bookings (to open) and stops, and blocks or unblocks it for new requests.
 * Days are the shop's: bookings carry theirs, stops are placed by their date in the shop's zone.
 */
export function BookingsMonth({ onOpen }: { onOpen: (id: number) => void }) {
  const [month, setMonth] = useState(() => dayKey(new Date()).slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  const query = useBookingMonth(month);
  const block = useBlockDay();

  const days = useMemo(() => {
    const map = new Map<string, Day>();
    const at = (day: string) => {
      let entry = map.get(day);
      if (!entry) map.set(day, (entry = { bookings: [], stops: [], blocked: undefined }));
      return entry;
    };
    for (const b of query.data?.bookings ?? []) at(b.date).bookings.push(b);
    for (const s of query.data?.stops ?? []) at(dayKey(s.date, s.timeZone)).stops.push(s);
    for (const d of query.data?.blocked ?? []) at(d.date).blocked = d;
    return map;
  }, [query.data]);

  const change = (delta: number) => {
    setMonth(addMonths(month, delta));
    setSelected(null);
  };
  const chosen = selected ? (days.get(selected) ?? { bookings: [], stops: [], blocked: undefined }) : null;

  return (
    <section className="card admin-card" aria-labelledby="bookings-month-title">
      <div className="admin-card__head">
        <button type="button" className="btn btn--outline" onClick={() => change(-1)} aria-label="Previous month">
          ‹
        </button>
        <h2 id="bookings-month-title" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <button type="button" className="btn btn--outline" onClick={() => change(1)} aria-label="Next month">
          ›
        </button>
      </div>
      {query.isPending ? (
        <SkeletonLines label="Loading the month" count={1} className="skeleton--row" />
      ) : query.isError && !query.data ? (
        <LoadFailed message={messageOf(query.error, 'Failed to load the month. Please try again.')} onRetry={() => void query.refetch()} />
      ) : (
        <div className="bookings-month" aria-busy={query.isPlaceholderData}>
          <div className="bookings-month__weekdays" aria-hidden="true">
            {WEEKDAYS.map((d) => (
              <span key={d}>{d}</span>
            ))}
          </div>
          <ol className="bookings-month__grid" aria-label={`Days of ${monthTitle(month)}`}>
            {monthGrid(month)
              .flat()
              .map((day, i) => {
                if (!day) return <li key={`blank-${i}`} aria-hidden="true" className="bookings-month__blank" />;
                const entry = days.get(day);
                const lines = entry ? summary(entry) : [];
                return (
                  <li key={day}>
                    <button
                      type="button"
                      className={`bookings-month__day${entry?.blocked ? ' is-blocked' : ''}${entry?.bookings.some(live) && (entry.stops.length || entry.bookings.filter(live).length > 1) ? ' is-clash' : ''}`}
                      aria-pressed={day === selected}
                      aria-label={`${bookingDate(day)}${lines.length ? `: ${lines.join(', ')}` : ''}`}
                      onClick={() => {
                        setSelected(day);
                        setNote('');
                      }}
                    >
                      <span className="bookings-month__num">{Number(day.slice(8))}</span>
                      {lines.slice(0, 3).map((line) => (
                        <span key={line} className="bookings-month__line">
                          {line}
                        </span>
                      ))}
                      {lines.length > 3 && <span className="bookings-month__line">+{lines.length - 3} more</span>}
                    </button>
                  </li>
                );
              })}
          </ol>
        </div>
      )}

      {selected && chosen && (
        <section className="bookings-day" aria-labelledby="bookings-day-title">
          <h3 id="bookings-day-title">{bookingDate(selected)}</h3>
          {chosen.bookings.length === 0 && chosen.stops.length === 0 && <p className="muted">No bookings or stops on this day.</p>}
          {chosen.bookings.length > 0 && (
            <ul className="bookings-day__list" aria-label="Bookings on this day">
              {chosen.bookings.map((b) => (
                <li key={b.id}>
                  <button type="button" className="bookings-row bookings-row--compact" onClick={() => onOpen(b.id)}>
                    <span className="bookings-row__ref">{b.reference}</span>
                    <span>
                      {b.contactName} · {b.packageName} · {formatEventTime(b.startTime)} - {formatEventTime(b.endTime)}
                    </span>
                    <BookingStateLabel state={b.state} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chosen.stops.length > 0 && (
            <ul className="bookings-day__list" aria-label="Scheduled stops on this day">
              {chosen.stops.map((s) => (
                <li key={s.id} className="bookings-day__stop">
                  Scheduled stop: <strong>{s.title}</strong> {s.location ? `at ${s.location}` : ''} ({formatEventTime(s.startTime)} -{' '}
                  {formatEventTime(s.endTime)})
                </li>
              ))}
            </ul>
          )}
          {chosen.blocked ? (
            <div className="admin-actions">
              <p>Blocked for new requests{chosen.blocked.note ? `: ${chosen.blocked.note}` : ''}.</p>
              <button type="button" className="btn btn--outline" disabled={block.isPending} onClick={() => block.mutate({ date: selected, block: false })}>
                Unblock this day
              </button>
            </div>
          ) : (
            <form
              className="admin-inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                block.mutate({ date: selected, block: true, note: note.trim() }, { onSuccess: () => setNote('') });
              }}
            >
              <div className="field">
                <label htmlFor={noteId}>Why (optional, for you)</label>
                <input id={noteId} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
              </div>
              <button type="submit" className="btn btn--outline" disabled={block.isPending}>
                Block this day
              </button>
            </form>
          )}
        </section>
      )}
    </section>
  );
}
