import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { dayKey, localTimeZone, noonOf, type ScheduledEvent } from '@cocoa/shared-types';
import { base64UrlBytes } from '../../../lib/push';
import { browserWithPush, ENDPOINT, forgetBrowserPush, posted, PUBLIC_KEY, SUBSCRIPTION_JSON } from '../../../test/push-browser';
import { DayEvents } from './day-events';
import { PushOptIn, StopPushButton } from './push-opt-in';
import { scheduledStop } from '../../../test/fixtures';

afterEach(forgetBrowserPush);

describe('Web Push opt-in on the tracker', () => {
  it('asks permission, subscribes the service worker with the shop’s key, tells the shop the stop, then shows it is on; “Turn off” undoes both', async () => {
    const calls = browserWithPush();
    render(<StopPushButton stopId={12} name="Millennium Park" />);
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when the cart arrives at Millennium Park' }));

    expect(await screen.findByText('Notifications are on for Millennium Park')).toBeInTheDocument();
    expect(calls.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(PUBLIC_KEY) });
    expect([...base64UrlBytes(PUBLIC_KEY)]).toHaveLength(65);
    expect(posted(calls, '/api/push/subscriptions')).toEqual([
      { subscription: SUBSCRIPTION_JSON, topic: { kind: 'stop', stopId: 12 }, timeZone: expect.any(String) },
    ]);
    // Kept on this device: shown at once next time.
    expect(JSON.parse(localStorage.getItem('cocoa.push.topics') ?? '[]')).toEqual([
      { key: 'stop:12', topic: { kind: 'stop', stopId: 12 }, name: 'Millennium Park' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off: Notifications are on for Millennium Park' }));
    expect(await screen.findByRole('button', { name: 'Tell me when the cart arrives at Millennium Park' })).toBeInTheDocument();
    // The last topic: the whole endpoint goes, in the shop's list and in the browser.
    expect(posted(calls, '/api/push/unsubscribe')).toEqual([{ endpoint: ENDPOINT }]);
    expect(calls.unsubscribe).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('cocoa.push.topics') ?? '[]')).toEqual([]);
  });

  it('follows anywhere and near (the browser’s position, the miles chosen); turning one off keeps the other and the browser’s subscription', async () => {
    const calls = browserWithPush({ permission: 'granted' });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 41.8796, longitude: -87.6237 } } as GeolocationPosition) },
    });
    render(<PushOptIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me of the next check-in anywhere' }));
    expect(await screen.findByText('Notifications are on for check-ins anywhere')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me of the next check-in anywhere' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Within'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me near your location' }));
    expect(await screen.findByText('Notifications are on for check-ins within 10 miles of your location')).toBeInTheDocument();
    expect(posted(calls, '/api/push/subscriptions').map((b) => (b as { topic: unknown }).topic)).toEqual([
      { kind: 'any' },
      { kind: 'near', latitude: 41.8796, longitude: -87.6237, miles: 10, label: 'your location' },
    ]);
    // Already allowed: the browser is not asked again, and subscribes once.
    expect(calls.subscribe).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off: Notifications are on for check-ins anywhere' }));
    await waitFor(() => expect(screen.queryByText('Notifications are on for check-ins anywhere')).not.toBeInTheDocument());
    expect(posted(calls, '/api/push/unsubscribe')).toEqual([{ endpoint: ENDPOINT, topic: { kind: 'any' } }]);
    expect(calls.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByText('Notifications are on for check-ins within 10 miles of your location')).toBeInTheDocument();
    delete (navigator as unknown as Record<string, unknown>).geolocation;
  });

  it('says so when the visitor does not allow notifications, and stores nothing', async () => {
    const calls = browserWithPush({ answer: 'denied' });
    render(
      <>
        <StopPushButton stopId={12} name="Millennium Park" />
        <PushOptIn />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when the cart arrives at Millennium Park' }));
    expect(
      await screen.findByText('Notifications are blocked for this site. Allow them in your browser’s site settings to be told when the cart arrives.'),
    ).toBeInTheDocument();
    expect(calls.subscribe).not.toHaveBeenCalled();
    expect(posted(calls, '/api/push/subscriptions')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Notify me/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('cocoa.push.topics')).toBeNull();
  });

  it('keeps it off, with a message, when the shop cannot be reached', async () => {
    browserWithPush({ permission: 'granted', failPost: true });
    render(<StopPushButton stopId={12} name="Millennium Park" />);
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when the cart arrives at Millennium Park' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be changed right now. Check your connection and try again.');
    expect(screen.queryByText(/Notifications are on/)).not.toBeInTheDocument();
  });

  it('offers no button in a browser without push or with notifications blocked: a sentence says why', async () => {
    const { container } = render(<StopPushButton stopId={12} name="Millennium Park" />);
    expect(container).toBeEmptyDOMElement();
    const unsupported = render(<PushOptIn />);
    expect(within(unsupported.container).getByText(/This browser cannot show notifications from the tracker/)).toBeInTheDocument();
    expect(within(unsupported.container).queryByRole('button')).not.toBeInTheDocument();
    unsupported.unmount();

    browserWithPush({ permission: 'denied' });
    await act(async () => {
      render(<PushOptIn />);
    });
    expect(
      screen.getByText('Notifications are blocked for this site. Allow them in your browser’s site settings to be told when the cart arrives.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('forgets topics the browser can no longer be told about (permission withdrawn)', async () => {
    localStorage.setItem('cocoa.push.topics', JSON.stringify([{ key: 'any', topic: { kind: 'any' }, name: null }]));
    browserWithPush({ permission: 'default' });
    render(<PushOptIn />);
    expect(await screen.findByRole('button', { name: 'Notify me of the next check-in anywhere' })).toBeInTheDocument();
    expect(screen.queryByText('Notifications are on for check-ins anywhere')).not.toBeInTheDocument();
  });
});

describe('the day’s list: per-stop actions', () => {
  const stopOn = (day: string): ScheduledEvent =>
    scheduledStop({
      id: 7,
      location: 'Millennium Park',
      address: '201 E Randolph St',
      date: noonOf(day, localTimeZone()).toISOString(),
      startTime: '11:00',
      endTime: '15:00',
      latitude: 41.8826,
      longitude: -87.6226,
    });

  it('offers “Tell me when the cart arrives” on a stop still to come, “Add to my calendar” on every stop, and the opt-in under the list', () => {
    browserWithPush();
    const today = dayKey(new Date());
    render(<DayEvents day={today} events={[stopOn(today)]} daysWithEvents={1} loading={false} onViewOnMap={jest.fn()} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('button', { name: 'Tell me when the cart arrives at Millennium Park' })).toBeInTheDocument();
    const calendar = within(item).getByRole('link', { name: 'Add to my calendar: Farmers Market' });
    expect(calendar).toHaveAttribute('href', '/api/events/7/calendar.ics');
    expect(calendar).toHaveAttribute('download', 'cocoa-stop-7.ics');
    expect(screen.getByRole('heading', { name: 'Get a notification' })).toBeInTheDocument();
  });

  it('offers no notification for a stop already past, but still its calendar file', () => {
    browserWithPush();
    render(<DayEvents day="2020-03-02" events={[stopOn('2020-03-02')]} daysWithEvents={1} loading={false} onViewOnMap={jest.fn()} />);
    const item = screen.getByRole('listitem');
    expect(within(item).queryByRole('button', { name: /Tell me when the cart arrives/ })).not.toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Add to my calendar: Farmers Market' })).toBeInTheDocument();
  });
});
