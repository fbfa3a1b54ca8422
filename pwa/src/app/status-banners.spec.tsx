import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { testQueryClient } from '../test/render';
import { OfflineBanner, UpdatePrompt } from './status-banners';
import { usePwaStore } from './pwa-store';

describe('status banners', () => {
  it('shows the offline banner while the browser is offline', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <OfflineBanner />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    onLine.mockRestore();
  });

  it('offline, says when the oldest copy the page shows was saved (only the queries on screen count)', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = testQueryClient();
    const savedAt = new Date();
    savedAt.setHours(9, 5, 0, 0);
    client.setQueryData(['events'], [], { updatedAt: savedAt.getTime() });
    client.setQueryData(['products'], [], { updatedAt: savedAt.getTime() + 60_000 });
    // Saved earlier, but not on this page: it does not count.
    client.setQueryData(['orders'], [], { updatedAt: savedAt.getTime() - 3_600_000 });
    function Page() {
      useQuery({ queryKey: ['events'], queryFn: () => [] });
      useQuery({ queryKey: ['products'], queryFn: () => [] });
      return <OfflineBanner />;
    }
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. You can keep browsing what you have seen and your cart is kept on this device. What this page shows was saved at 9:05 AM.',
    );
    jest.restoreAllMocks();
  });

  it('offline on a page that shows nothing saved: no time', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <OfflineBanner />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('saved');
    jest.restoreAllMocks();
  });

  it('offers the waiting update and applies it on request', () => {
    const apply = jest.fn();
    render(<UpdatePrompt />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => usePwaStore.setState({ applyUpdate: apply }));
    expect(screen.getByRole('alert')).toHaveTextContent('A new version of the shop is available.');
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
