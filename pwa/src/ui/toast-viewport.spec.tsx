import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastViewport } from './toast-viewport';
import { errorToast, keepToastAcrossReload, toast, useToastStore } from './toast-store';

/** `title` is still shown 1 ms before 5 s have passed, and gone at 5 s. */
function expectShownFor5s(title: string) {
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText(title)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText(title)).not.toBeInTheDocument();
}

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
    expectShownFor5s('Second');
  });

  it('holds a toast while it has focus, and counts its full time again once focus leaves it', () => {
    render(<ToastViewport />);
    act(() => toast('Saved'));
    act(() => useToastStore.getState().pause(true));
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => useToastStore.getState().pause(false));
    expectShownFor5s('Saved');
  });

  it('leaves F8 to the host that shows the toasts meanwhile', () => {
    render(<ToastViewport />);
    act(() => useToastStore.setState({ hosted: true }));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByLabelText('Notifications (F8)')).not.toHaveFocus();
    act(() => useToastStore.setState({ hosted: false }));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByLabelText('Notifications (F8)')).toHaveFocus();
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
