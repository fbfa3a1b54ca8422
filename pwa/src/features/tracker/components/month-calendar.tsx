import { addMonths, dayKey, monthGrid } from '@cocoa/shared-types';
import '../tracker.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dateOf = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
// One formatter each, made once: toLocaleDateString builds a new Intl.DateTimeFormat on every call
// (~0.2 ms), and the calendar labels every day of the month on each render of the page.
const LONG_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const MONTH_TITLE = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
export const longDay = (day: string) => LONG_DAY.format(dateOf(day));
const monthTitle = (month: string) => MONTH_TITLE.format(dateOf(`${month}-01`));

interface Props {
  month: string;
  selectedDay: string | null;
  eventDays: Set<string>;
  onMonthChange: (month: string) => void;
  onSelectDay: (day: string) => void;
  /** Days that cannot be chosen, each with the words a screen reader adds to its name ('not available'). */
  disabledDates?: ReadonlyMap<string, string>;
}

/** A month calendar: days having an event are outlined; choosing one lists its events. Disabled days cannot be chosen. */
export function MonthCalendar({ month, selectedDay, eventDays, onMonthChange, onSelectDay, disabledDates }: Props) {
  const today = dayKey(new Date());
  return (
    <div className="tracker-cal card">
      <div className="tracker-cal__head">
        <button type="button" className="tracker-cal__nav" aria-label="Previous month" onClick={() => onMonthChange(addMonths(month, -1))}>‹</button>
        <h2 className="tracker-cal__title" aria-live="polite">{monthTitle(month)}</h2>
        <button type="button" className="tracker-cal__nav" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>›</button>
      </div>
      <table className="tracker-cal__grid" role="grid" aria-label={monthTitle(month)}>
        <thead>
          <tr>{WEEKDAYS.map((d) => <th key={d} scope="col">{d}</th>)}</tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day ? (
                  <td key={day}>
                    <button
                      type="button"
                      className={[
                        'tracker-cal__day',
                        eventDays.has(day) ? 'tracker-cal__day--event' : '',
                        day === selectedDay ? 'tracker-cal__day--selected' : '',
                        day === today ? 'tracker-cal__day--today' : '',
                      ].filter(Boolean).join(' ')}
                      aria-pressed={day === selectedDay}
                      aria-label={`${longDay(day)}${eventDays.has(day) ? ', has events' : ''}${disabledDates?.has(day) ? `, ${disabledDates.get(day)}` : ''}`}
                      disabled={disabledDates?.has(day)}
                      data-day={day}
                      onClick={() => onSelectDay(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`blank-${j}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
