import { act, fireEvent, render, screen } from '@testing-library/react';
import { OfflineBanner, UpdatePrompt } from './status-banners';
import { usePwaStore } from './pwa-store';

describe('status banners', () => {
  it('shows the offline banner while the browser is offline', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
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
