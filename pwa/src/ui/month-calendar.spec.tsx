import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { dayKey } from '@cocoa/shared-types';
import { MonthCalendar } from './month-calendar';

// Months far from the test machine's today (January 1, 2031 is a Wednesday; February 1 and March 1 are Saturdays).
const dayButton = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLButtonElement;
const focusedDay = () => (document.activeElement as HTMLElement | null)?.dataset.day;
const tabStops = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('[data-day]'))
    .filter((b) => b.tabIndex === 0)
    .map((b) => b.dataset.day);
const press = (key: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.activeElement as HTMLElement, { key, ...init });

interface HarnessProps {
  start: string;
  selected?: string | null;
  /** The days that cannot be chosen in the month shown, with their reason. */
  disabled?: (month: string) => ReadonlyMap<string, string> | undefined;
  onMonthChange?: (month: string) => void;
  onSelectDay?: (day: string) => void;
}

/** The calendar as the tracker and the booking form hold it: the month and the chosen day in the parent's state. */
function Harness({ start, selected = null, disabled, onMonthChange, onSelectDay }: HarnessProps) {
  const [month, setMonth] = useState(start);
  const [day, setDay] = useState(selected);
  return (
    <MonthCalendar
      month={month}
      selectedDay={day}
      eventDays={new Set()}
      disabledDates={disabled?.(month)}
      onMonthChange={(next) => {
        onMonthChange?.(next);
        setMonth(next);
      }}
      onSelectDay={(chosen) => {
        onSelectDay?.(chosen);
        setDay(chosen);
      }}
    />
  );
}

const focusOn = (day: string) => act(() => dayButton(day).focus());

describe('MonthCalendar keyboard (WAI-ARIA date picker grid)', () => {
  it('is one tab stop: the chosen day, else today, else the first day that can be chosen', () => {
    const { unmount } = render(<Harness start="2031-01" selected="2031-01-15" />);
    expect(screen.getByRole('grid', { name: 'January 2031' })).toBeInTheDocument();
    expect(tabStops()).toEqual(['2031-01-15']);
    unmount();

    const closed = new Map([
      ['2031-01-01', 'not available'],
      ['2031-01-02', 'not available'],
      ['2031-01-03', 'too soon to book'],
    ]);
    const second = render(<Harness start="2031-01" disabled={() => closed} />);
    expect(tabStops()).toEqual(['2031-01-04']);
    second.unmount();

    const today = dayKey(new Date());
    render(<Harness start={today.slice(0, 7)} />);
    expect(tabStops()).toEqual([today]);
    expect(dayButton(today)).toHaveAttribute('aria-current', 'date');
  });

  it('moves focus a day or a week with the arrows and to the week’s ends with Home and End, choosing only on Enter or Space (a click)', () => {
    const onSelectDay = jest.fn();
    render(<Harness start="2031-01" selected="2031-01-15" onSelectDay={onSelectDay} />);
    focusOn('2031-01-15'); // a Wednesday
    press('ArrowRight');
    expect(focusedDay()).toBe('2031-01-16');
    press('ArrowDown');
    expect(focusedDay()).toBe('2031-01-23');
    press('ArrowLeft');
    expect(focusedDay()).toBe('2031-01-22');
    press('ArrowUp');
    expect(focusedDay()).toBe('2031-01-15');
    press('Home');
    expect(focusedDay()).toBe('2031-01-12'); // Sunday
    press('End');
    expect(focusedDay()).toBe('2031-01-18'); // Saturday
    // Moving focus chooses nothing; the tab stop follows focus.
    expect(onSelectDay).not.toHaveBeenCalled();
    expect(tabStops()).toEqual(['2031-01-18']);
    expect(dayButton('2031-01-15')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(document.activeElement as HTMLElement);
    expect(onSelectDay).toHaveBeenCalledWith('2031-01-18');
    expect(dayButton('2031-01-18')).toHaveAttribute('aria-pressed', 'true');
  });

  it('stops Home and End at the month’s first and last day when the week runs past them', () => {
    render(<Harness start="2031-01" />);
    focusOn('2031-01-02'); // Thursday; its Sunday is in December
    press('Home');
    expect(focusedDay()).toBe('2031-01-01');
    focusOn('2031-01-30'); // Thursday; its Saturday is in February
    press('End');
    expect(focusedDay()).toBe('2031-01-31');
  });

  it('passes into the next month with ArrowRight on the last day and with Page Down, and back with ArrowLeft and Page Up', () => {
    const onMonthChange = jest.fn();
    render(<Harness start="2031-01" selected="2031-01-31" onMonthChange={onMonthChange} />);
    focusOn('2031-01-31');
    press('ArrowRight');
    expect(onMonthChange).toHaveBeenLastCalledWith('2031-02');
    expect(screen.getByRole('heading', { name: 'February 2031' })).toBeInTheDocument();
    expect(focusedDay()).toBe('2031-02-01');
    expect(tabStops()).toEqual(['2031-02-01']);

    press('PageDown');
    expect(onMonthChange).toHaveBeenLastCalledWith('2031-03');
    expect(focusedDay()).toBe('2031-03-01');
    press('PageUp');
    expect(onMonthChange).toHaveBeenLastCalledWith('2031-02');
    expect(focusedDay()).toBe('2031-02-01');
    press('ArrowLeft');
    expect(onMonthChange).toHaveBeenLastCalledWith('2031-01');
    expect(focusedDay()).toBe('2031-01-31');
    press('ArrowDown'); // a week on from January 31
    expect(focusedDay()).toBe('2031-02-07');
    press('ArrowUp');
    expect(focusedDay()).toBe('2031-01-31');
    // A month on from the 31st is February's last day; Shift+Page Down is a year on.
    press('PageDown');
    expect(focusedDay()).toBe('2031-02-28');
    press('PageDown', { shiftKey: true });
    expect(onMonthChange).toHaveBeenLastCalledWith('2032-02');
    expect(focusedDay()).toBe('2032-02-28');
    // The chosen day stays what it was.
    expect(screen.getByRole('grid', { name: 'February 2032' })).toBeInTheDocument();
  });

  it('leaves keys with Ctrl, Alt or Meta, and other keys, to the browser', () => {
    const onMonthChange = jest.fn();
    render(<Harness start="2031-01" onMonthChange={onMonthChange} />);
    focusOn('2031-01-15');
    press('ArrowRight', { ctrlKey: true });
    press('PageDown', { altKey: true });
    press('a');
    expect(focusedDay()).toBe('2031-01-15');
    expect(onMonthChange).not.toHaveBeenCalled();
  });
});

describe('MonthCalendar days that cannot be chosen (the booking form)', () => {
  const january = new Map([
    ['2031-01-16', 'already booked'],
    ['2031-01-17', 'not available'],
  ]);

  it('names each day by its date and why it cannot be booked, described by its weekday', () => {
    render(<Harness start="2031-01" disabled={() => january} />);
    const booked = dayButton('2031-01-16');
    expect(booked).toHaveAccessibleName('January 16, 2031, already booked');
    expect(booked).toHaveAccessibleDescription('Thursday');
    expect(booked).toBeDisabled();
    expect(dayButton('2031-01-18')).toHaveAccessibleName('January 18, 2031');
    expect(dayButton('2031-01-18')).toHaveAccessibleDescription('Saturday');
    expect(screen.getByRole('columnheader', { name: 'Saturday' })).toHaveTextContent('Sat');
  });

  it('skips them when moving, and choosing one does nothing', () => {
    const onSelectDay = jest.fn();
    render(<Harness start="2031-01" disabled={() => january} onSelectDay={onSelectDay} />);
    focusOn('2031-01-15');
    press('ArrowRight');
    expect(focusedDay()).toBe('2031-01-18');
    press('ArrowLeft');
    expect(focusedDay()).toBe('2031-01-15');
    focusOn('2031-01-09');
    press('ArrowDown'); // the 16th and 17th are taken: on to the 18th
    expect(focusedDay()).toBe('2031-01-18');
    fireEvent.click(dayButton('2031-01-16'));
    expect(onSelectDay).not.toHaveBeenCalled();
  });

  it('stays on the first day that can be chosen when nothing earlier in the month can', () => {
    const onMonthChange = jest.fn();
    const past = new Map(Array.from({ length: 14 }, (_, i) => [`2031-01-${String(i + 1).padStart(2, '0')}`, 'not available'] as const));
    render(<Harness start="2031-01" disabled={() => past} onMonthChange={onMonthChange} />);
    expect(tabStops()).toEqual(['2031-01-15']);
    focusOn('2031-01-15');
    press('ArrowLeft');
    press('ArrowUp');
    press('Home'); // its Sunday, the 12th, cannot be chosen: the week's first that can is the 15th itself
    expect(focusedDay()).toBe('2031-01-15');
    expect(onMonthChange).not.toHaveBeenCalled();
  });

  it('lands on the nearest day that can be chosen in the next month, or on the month’s arrow when none can', () => {
    const february = new Map([
      ['2031-02-01', 'too soon to book'],
      ['2031-02-02', 'not available'],
    ]);
    const allOfDecember = new Map(Array.from({ length: 31 }, (_, i) => [`2030-12-${String(i + 1).padStart(2, '0')}`, 'not available'] as const));
    render(<Harness start="2031-01" disabled={(month) => (month === '2031-02' ? february : month === '2030-12' ? allOfDecember : undefined)} />);
    focusOn('2031-01-31');
    press('ArrowRight');
    expect(focusedDay()).toBe('2031-02-03');
    press('PageUp');
    expect(focusedDay()).toBe('2031-01-03');
    press('PageUp');
    expect(screen.getByRole('heading', { name: 'December 2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveFocus();
  });

  it('moves focus on when the focused day turns out to be taken (the month’s bookings arrive)', () => {
    const { rerender } = render(<MonthCalendar month="2031-01" selectedDay={null} eventDays={new Set()} onMonthChange={jest.fn()} onSelectDay={jest.fn()} />);
    focusOn('2031-01-16');
    rerender(
      <MonthCalendar month="2031-01" selectedDay={null} eventDays={new Set()} disabledDates={january} onMonthChange={jest.fn()} onSelectDay={jest.fn()} />,
    );
    expect(focusedDay()).toBe('2031-01-18');
    expect(tabStops()).toEqual(['2031-01-18']);
  });
});

describe('MonthCalendar', () => {
  it('outlines days with events, marks the chosen day and moves between months', () => {
    const onSelectDay = jest.fn();
    const onMonthChange = jest.fn();
    render(
      <MonthCalendar
        month="2026-11"
        selectedDay="2026-11-22"
        eventDays={new Set(['2026-11-06', '2026-11-22'])}
        onMonthChange={onMonthChange}
        onSelectDay={onSelectDay}
      />,
    );
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const withEvents = screen.getByRole('button', { name: 'November 6, 2026, has events' });
    expect(withEvents).toHaveClass('tracker-cal__day--event');
    expect(screen.getByRole('button', { name: 'November 7, 2026' })).not.toHaveClass('tracker-cal__day--event');
    expect(screen.getByRole('button', { name: 'November 22, 2026, has events' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'November 7, 2026' }));
    expect(onSelectDay).toHaveBeenCalledWith('2026-11-07');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith('2026-12');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onMonthChange).toHaveBeenCalledWith('2026-10');
  });
});
