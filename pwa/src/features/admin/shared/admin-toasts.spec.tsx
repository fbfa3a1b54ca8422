import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { errorToast, toast, useToastStore } from '../../../ui/toast-store';
import { ToastViewport } from '../../../ui/toast-viewport';
import { AdminToasts } from './admin-toasts';

/** Ionic draws a toast's texts and its button in its shadow root. */
const shown = () => document.querySelector<HTMLElement>('ion-toast.show-toast, ion-toast:not(.overlay-hidden)');
const partOf = (el: HTMLElement, selector: string) => el.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;

beforeEach(() => act(() => useToastStore.getState().dismiss()));

describe('AdminToasts', () => {
  it('shows the store’s toast on Ionic while mounted, and the app’s viewport stands down until it leaves', async () => {
    const { rerender } = render(
      <>
        <ToastViewport />
        <AdminToasts />
      </>,
    );
    act(() => toast('Product created', 'Mint Cocoa is on the menu.'));
    expect(screen.getByRole('list', { name: 'Notifications (F8)' })).toBeEmptyDOMElement();
    await waitFor(() => expect(partOf(shown()!, '.toast-header')).toHaveTextContent('Product created'));
    const ionToast = shown()!;
    expect(partOf(ionToast, '.toast-message')).toHaveTextContent('Mint Cocoa is on the menu.');
    expect(partOf(ionToast, '.toast-content')).toHaveAttribute('role', 'status');
    expect(partOf(ionToast, '.toast-content')).toHaveAttribute('aria-live', 'polite');

    rerender(<ToastViewport />);
    expect(document.querySelector('ion-toast')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Product created');
  });

  it('makes a destructive toast an assertive alert, and Close lets it go from the store', async () => {
    render(<AdminToasts />);
    act(() => errorToast('Connection failed', 'Square did not answer.'));
    await waitFor(() => expect(partOf(shown()!, '.toast-content')).toHaveAttribute('role', 'alert'));
    const ionToast = shown()!;
    expect(partOf(ionToast, '.toast-content')).toHaveAttribute('aria-live', 'assertive');
    fireEvent.click(partOf(ionToast, 'button[aria-label="Close notification"]')!);
    await waitFor(() => expect(useToastStore.getState().current).toBeNull());
  });

  it('F8 puts focus on the toast shown, and F8 again, Escape or the toast going away give it back', async () => {
    render(
      <>
        <input aria-label="Search products" />
        <ToastViewport />
        <AdminToasts />
      </>,
    );
    const search = screen.getByLabelText('Search products');
    search.focus();
    fireEvent.keyDown(search, { key: 'F8' });
    expect(search).toHaveFocus();

    act(() => toast('Product created'));
    // Presented: Ionic has taken away the class that hides it.
    await waitFor(() => expect(document.querySelector('ion-toast.hydrated:not(.overlay-hidden)')).not.toBeNull());
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    const close = partOf(region, 'button[aria-label="Close notification"]')!;
    /** The key as a keyboard sends it: to the focused element, bubbling up. */
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

    for (const back of ['F8', 'Escape']) {
      press('F8');
      expect(region.shadowRoot!.activeElement).toBe(close);
      // The toast stays while it has focus: its time runs again once focus leaves it.
      expect(useToastStore.getState().paused).toBe(true);
      press(back);
      expect(search).toHaveFocus();
      expect(useToastStore.getState().paused).toBe(false);
    }

    press('F8');
    expect(region.shadowRoot!.activeElement).toBe(close);
    act(() => useToastStore.getState().dismiss());
    await waitFor(() => expect(search).toHaveFocus());
    expect(useToastStore.getState().paused).toBe(false);
  });
});
