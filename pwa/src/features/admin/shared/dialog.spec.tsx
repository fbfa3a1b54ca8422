import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog, Dialog } from './dialog';

describe('Dialog', () => {
  it('is labelled, starts on Cancel, keeps Tab inside and closes on Escape (innermost first)', () => {
    const outerClose = jest.fn();
    const cancel = jest.fn();
    const ui = (inner: boolean) => (
      <Dialog title="Edit Product" onClose={outerClose} wide>
        <input aria-label="Name" />
        {inner && <ConfirmDialog title="Delete product?" message="Sure?" confirmLabel="Delete product" onConfirm={() => undefined} onCancel={cancel} />}
      </Dialog>
    );
    const { rerender } = render(ui(false));
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    rerender(ui(true));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete product?' });
    expect(confirm).toHaveAccessibleDescription('Sure?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    screen.getByRole('button', { name: 'Delete product' }).focus();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(confirm.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
    // Closing the confirmation gives focus back to what had it when it opened.
    rerender(ui(false));
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('cannot be closed while busy', () => {
    const cancel = jest.fn();
    render(
      <ConfirmDialog
        title="Restore?"
        message="Replaces all current data."
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy
        onConfirm={() => undefined}
        onCancel={cancel}
      />,
    );
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Restoring...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
