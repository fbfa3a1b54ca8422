import { act, screen } from '@testing-library/react';
import { fakeResponse, renderWithProviders } from '../../../test/render';
import { FakeEventSource, LIVE_AT_PARK, NOT_LIVE, withFakeLiveStream } from '../../live/test/fake-event-source';
import HomePage from './home-page';

function serve(live: unknown) {
  const fetchMock = jest.fn(async (url: string) => (url === '/api/live' ? fakeResponse(200, live) : fakeResponse(200, [])));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('HomePage, while the cart is out', () => {
  withFakeLiveStream();

  it("shows the tracker's headline, linking to the tracker, and follows the stream", async () => {
    serve({ ...LIVE_AT_PARK, status: 'late', minutes: 10 });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Running 10 minutes late at Millennium Park' })).toHaveAttribute('href', '/cocoa-tracker');
    FakeEventSource.latest().open();
    FakeEventSource.latest().sendState({ ...LIVE_AT_PARK, updatedAt: '2026-07-04T20:00:00.000Z' });
    expect(await screen.findByRole('link', { name: 'Serving now at Millennium Park' })).toHaveAttribute('href', '/cocoa-tracker');
    FakeEventSource.latest().sendState(NOT_LIVE);
    await screen.findByRole('link', { name: 'LIVE COCOA TRACKER' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('link', { name: /at Millennium Park/ })).not.toBeInTheDocument();
  });

  it('shows no line when the cart is not out', async () => {
    const fetchMock = serve(NOT_LIVE);
    renderWithProviders(<HomePage />);
    await screen.findByRole('link', { name: 'LIVE COCOA TRACKER' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).toHaveBeenCalledWith('/api/live', expect.anything());
    expect(screen.queryByRole('link', { name: /^(Serving|Running|Closing|Closed)/ })).not.toBeInTheDocument();
  });
});
