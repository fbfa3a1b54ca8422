import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { addMonths, monthGrid, shiftDay, lazyDateFormat } from '@cocoa/shared-types';
import { useViewerToday } from '../lib/viewer-clock';
import './month-calendar.css';

const WEEKDAYS: ReadonlyArray<readonly [string, string]> = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
];
const dateOf = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
// One formatter each, made once (at its first use): toLocaleDateString builds a new Intl.DateTimeFormat on every call
// (~0.2 ms), and the calendar labels every day of the month on each render of the page.
const LONG_DAY = lazyDateFormat({ month: 'long', day: 'numeric', year: 'numeric' });
const MONTH_TITLE = lazyDateFormat({ month: 'long', year: 'numeric' });
export const longDay = (day: string) => LONG_DAY().format(dateOf(day));
const monthTitle = (month: string) => MONTH_TITLE().format(dateOf(`${month}-01`));

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (month: string) => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate();
const lastDayOf = (month: string) => `${month}-${pad(daysIn(month))}`;
/** The same day `delta` months on, or that month's last day when it is shorter (January 31 → February 28). */
const sameDayIn = (day: string, delta: number) => {
  const month = addMonths(day.slice(0, 7), delta);
  return `${month}-${pad(Math.min(Number(day.slice(8, 10)), daysIn(month)))}`;
};

type Step = 1 | -1;

/** The days an arrow key moves the focus (a week up or down), and the way to look on for a day that can be chosen. */
const ARROW_MOVES: Readonly<Record<'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', readonly [days: number, step: Step]>> = {
  ArrowLeft: [-1, -1],
  ArrowRight: [1, 1],
  ArrowUp: [-7, -1],
  ArrowDown: [7, 1],
};

interface Props {
  month: string;
  selectedDay: string | null;
  eventDays: Set<string>;
  onMonthChange: (month: string) => void;
  onSelectDay: (day: string) => void;
  /** Days that cannot be chosen, each with the words a screen reader adds to its name ('not available'). */
  disabledDates?: ReadonlyMap<string, string>;
}

/**
 * A month calendar: days having an event are outlined; choosing one lists its events. Disabled days cannot be chosen.
 *
 * Keyboard (the WAI-ARIA date picker grid): the days are one tab stop (the chosen day, else today,
 * else the month's first day that can be chosen); arrows move a day or a week, Home and End to the
 * week's first and last day of the month, Page Up and Page Down a month (with Shift a year), passing
 * into the next or previous month through `onMonthChange`; Enter or Space chooses. Days that cannot
 * be chosen are skipped: a move lands on the nearest day that can be, onwards in its direction.
 */
export function MonthCalendar({ month, selectedDay, eventDays, onMonthChange, onSelectDay, disabledDates }: Props) {
  const today = useViewerToday();
  const ids = useId();
  const grid = useRef<HTMLTableElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // The day keyboard focus last reached: the tab stop while it is in the month shown and can be chosen.
  const [active, setActive] = useState<string | null>(null);
  // A move into another month waits for that month to be shown, then focuses the day it aimed at.
  const pending = useRef<{ day: string; step: Step; from: string } | null>(null);
  // The day holding focus, kept when focus is lost to nowhere (the day became disabled, its month went away).
  const focused = useRef<string | null>(null);

  const inMonth = (day: string | null): day is string => day !== null && day.startsWith(`${month}-`);
  const open = (day: string) => !disabledDates?.has(day);
  /** The first day that can be chosen from `day` on, `step` days at a time, inside the month shown. */
  const seek = (day: string, step: Step): string | null => {
    for (let d = day; inMonth(d); d = shiftDay(d, step)) if (open(d)) return d;
    return null;
  };
  const tabStop = [active, selectedDay, today].find((d) => inMonth(d) && open(d)) ?? seek(`${month}-01`, 1);

  const buttonOf = (day: string) => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`) ?? null;
  /** Focuses `day`, or the nearest day that can be chosen (onwards first, then back); the month's arrow when none can. */
  const land = (day: string, step: Step) => {
    const found = seek(day, step) ?? seek(day, step === 1 ? -1 : 1);
    if (found) buttonOf(found)?.focus();
    else (step === 1 ? next : previous).current?.focus();
  };
  /** Shows the month of `day` and focuses it there once shown. */
  const away = (day: string, step: Step) => {
    pending.current = { day, step, from: month };
    onMonthChange(day.slice(0, 7));
  };
  /** An arrow's move: inside the month, to the nearest day that can be chosen that way (none: stay); past its edge, into the next month. */
  const go = (day: string, step: Step) => {
    if (!inMonth(day)) return away(day, step);
    const found = seek(day, step);
    if (found) buttonOf(found)?.focus();
  };

  useLayoutEffect(() => {
    const wanted = pending.current;
    if (wanted && month !== wanted.from) {
      pending.current = null;
      if (inMonth(wanted.day)) land(wanted.day, wanted.step);
      return;
    }
    // The focused day became one that cannot be chosen (the month's bookings arrived): on to the nearest that can.
    const was = focused.current;
    const holder = document.activeElement;
    if (!wanted && was && inMonth(was) && !open(was) && (holder === null || holder === document.body || holder === buttonOf(was))) land(was, 1);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const weekday = dateOf(day).getDay();
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'ArrowUp':
      case 'ArrowDown': {
        const [days, step] = ARROW_MOVES[event.key];
        go(shiftDay(day, days), step);
        break;
      }
      case 'Home': {
        const start = shiftDay(day, -weekday);
        land(inMonth(start) ? start : `${month}-01`, 1);
        break;
      }
      case 'End': {
        const end = shiftDay(day, 6 - weekday);
        land(inMonth(end) ? end : lastDayOf(month), -1);
        break;
      }
      case 'PageUp':
        away(sameDayIn(day, event.shiftKey ? -12 : -1), -1);
        break;
      case 'PageDown':
        away(sameDayIn(day, event.shiftKey ? 12 : 1), 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="tracker-cal card">
      <div className="tracker-cal__head">
        <button ref={previous} type="button" className="tracker-cal__nav" aria-label="Previous month" onClick={() => onMonthChange(addMonths(month, -1))}>
          ‹
        </button>
        <h2 className="tracker-cal__title" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <button ref={next} type="button" className="tracker-cal__nav" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>
          ›
        </button>
      </div>
      <table ref={grid} className="tracker-cal__grid" role="grid" aria-label={monthTitle(month)}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long], j) => (
              <th key={short} id={`${ids}-weekday-${j}`} scope="col">
                <span aria-hidden="true">{short}</span>
                <span className="visually-hidden">{long}</span>
              </th>
            ))}
          </tr>
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
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-pressed={day === selectedDay}
                      aria-current={day === today ? 'date' : undefined}
                      aria-label={`${longDay(day)}${eventDays.has(day) ? ', has events' : ''}${disabledDates?.has(day) ? `, ${disabledDates.get(day)}` : ''}`}
                      // The weekday follows the date as the button's description ('Saturday'), from its column's header.
                      aria-describedby={`${ids}-weekday-${j}`}
                      disabled={disabledDates?.has(day)}
                      tabIndex={day === tabStop ? 0 : -1}
                      data-day={day}
                      onClick={() => {
                        setActive(day);
                        onSelectDay(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onFocus={() => {
                        focused.current = day;
                        setActive(day);
                      }}
                      onBlur={(event) => {
                        // Focus went somewhere (another day sets itself): forget it; gone to nowhere, keep it.
                        if (event.relatedTarget) focused.current = null;
                      }}
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
