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
});
