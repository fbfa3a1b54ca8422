import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastViewport } from './toast-viewport';
import { errorToast, keepToastAcrossReload, toast, useToastStore } from './toast-store';

describe('ToastViewport', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useToastStore.getState().dismiss();
  });
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time for 5 s', () => {
    render(<ToastViewport />);
    act(() => toast('First', 'one'));
    act(() => errorToast('Second', 'two'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Secondtwo');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('closes with its button, and F8 focuses the region', () => {
    render(<ToastViewport />);
    act(() => toast('Saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByLabelText('Notifications (F8)')).toHaveFocus();
  });

  it('shows a toast kept across a reload for its full time, and drops a kept copy it cannot read', () => {
    act(() => errorToast('Saved elsewhere', 'kept'));
    keepToastAcrossReload();
    useToastStore.getState().dismiss();
    const first = render(<ToastViewport />);
    expect(screen.getByRole('alert')).toHaveTextContent('Saved elsewherekept');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Saved elsewhere')).toBeInTheDocument();
    first.unmount();
    useToastStore.getState().dismiss();

    for (const junk of ['{not json', '{"title":42}', 'null']) {
      sessionStorage.setItem('cocoa.toast-after-reload', junk);
      const page = render(<ToastViewport />);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(sessionStorage.getItem('cocoa.toast-after-reload')).toBeNull();
      page.unmount();
    }
  });
});
