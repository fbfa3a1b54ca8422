import { fireEvent, render, screen, within } from '@testing-library/react';
import { dayKey, localTimeZone, noonOf, type ScheduledEvent } from '@cocoa/shared-types';
import { DayEvents } from './day-events';
import { scheduledStop } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';

const event = (over: Partial<ScheduledEvent> = {}): ScheduledEvent =>
  scheduledStop({
    title: 'Cocoa Cart at Millennium Park',
    description: 'Warm up near the Bean.',
    location: 'Millennium Park',
    address: '201 E Randolph St, Chicago',
    date: new Date(2026, 10, 22, 12).toISOString(),
    startTime: '11:00',
    endTime: '17:30',
    latitude: 41.8826,
    longitude: -87.6226,
    ...over,
  });

describe('DayEvents (the chosen day’s list)', () => {
  it("adds the shop zone's abbreviation to the times when the viewer's clock differs", () => {
    // The viewer's zone is this test process's; the shop is set to one whose clock is surely different.
    const elsewhere = localTimeZone() === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const stop = event({ date: noonOf('2026-11-22', elsewhere).toISOString(), timeZone: elsewhere });
    render(<DayEvents day="2026-11-22" daysWithEvents={1} events={[stop]} loading={false} onViewOnMap={jest.fn()} />);
    expect(within(screen.getByRole('listitem')).getByText(/^11:00 AM - 5:30 PM GMT[+-]\d+$/)).toBeInTheDocument();
  });

  it("shows 'Loading events...' while loading", () => {
    render(<DayEvents day="2026-11-22" daysWithEvents={1} events={[]} loading onViewOnMap={jest.fn()} />);
    expect(screen.getByText('Loading events...')).toBeInTheDocument();
    expect(screen.queryByText('No events scheduled for this date.')).not.toBeInTheDocument();
  });

  it('shows the empty texts for a date without events', () => {
    render(<DayEvents day="2026-11-23" daysWithEvents={1} events={[]} loading={false} onViewOnMap={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Events on November 23, 2026' })).toBeInTheDocument();
    expect(screen.getByText('No events scheduled for this date.')).toBeInTheDocument();
    expect(screen.getByText('Check another date or come back soon!')).toBeInTheDocument();
  });

  it('lists title, location, description and 12-hour times, with map and directions for valid coordinates', () => {
    const onViewOnMap = jest.fn();
    render(<DayEvents day="2026-11-22" daysWithEvents={1} events={[event()]} loading={false} onViewOnMap={onViewOnMap} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Cocoa Cart at Millennium Park' })).toBeInTheDocument();
    expect(within(item).getByText('Millennium Park')).toBeInTheDocument();
    expect(within(item).getByText('Warm up near the Bean.')).toBeInTheDocument();
    expect(within(item).getByText('11:00 AM - 5:30 PM')).toBeInTheDocument();
    const directions = within(item).getByRole('link', { name: 'Get Directions' });
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=41.8826,-87.6226');
    expect(directions).toHaveAttribute('target', '_blank');
    fireEvent.click(within(item).getByRole('button', { name: 'View on Map' }));
    expect(onViewOnMap).toHaveBeenCalledWith(expect.objectContaining({ id: 1, latitude: 41.8826 }));
  });

  it("says 'No location' and TBD times, and offers no map actions without valid coordinates", () => {
    render(
      <DayEvents
        day="2026-11-22"
        daysWithEvents={1}
        events={[
          event({ id: 2, location: null, startTime: null, endTime: 'soon', latitude: null }),
          event({ id: 3, location: '', startTime: '2:00 PM', endTime: '', latitude: 95, longitude: 10 }),
        ]}
        loading={false}
        onViewOnMap={jest.fn()}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByText('No location')).toBeInTheDocument();
    expect(within(first).getByText('TBD - TBD')).toBeInTheDocument();
    expect(within(second).getByText('No location')).toBeInTheDocument();
    expect(within(second).getByText('2:00 PM - TBD')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View on Map' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Directions' })).not.toBeInTheDocument();
  });
  it('links “Order ahead” to the stop’s page on a stop that takes orders and is still to come, and nowhere else', () => {
    const today = dayKey(new Date());
    const on = (day: string, over: Partial<ScheduledEvent>) => event({ date: noonOf(day, localTimeZone()).toISOString(), ...over });
    mockFetch({});
    const { unmount } = renderWithProviders(
      <DayEvents
        day={today}
        daysWithEvents={1}
        events={[on(today, { id: 4, takesOrders: true }), on(today, { id: 5, location: 'Navy Pier', takesOrders: false })]}
        loading={false}
        onViewOnMap={jest.fn()}
      />,
    );
    const [taking, notTaking] = screen.getAllByRole('listitem');
    expect(within(taking).getByRole('link', { name: 'Order ahead at Millennium Park' })).toHaveAttribute('href', '/stops/4');
    expect(within(notTaking).queryByRole('link', { name: /Order ahead/ })).toBeNull();
    unmount();

    renderWithProviders(
      <DayEvents day="2020-03-02" daysWithEvents={1} events={[on('2020-03-02', { id: 4, takesOrders: true })]} loading={false} onViewOnMap={jest.fn()} />,
    );
    expect(screen.queryByRole('link', { name: /Order ahead/ })).toBeNull();
  });
});
