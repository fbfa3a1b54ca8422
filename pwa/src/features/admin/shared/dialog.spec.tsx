import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { shownDialog } from '../../../test/ionic';
import { ConfirmDialog, Dialog } from './dialog';

/** Escape as a keyboard sends it: to the focused element, bubbling up to the document. */
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('Dialog', () => {
  it('is labelled, starts on Cancel, keeps Tab inside, closes on Escape (innermost first) and gives focus back', async () => {
    const outerClose = jest.fn();
    const cancel = jest.fn();
    const ui = (inner: boolean) => (
      <Dialog title="Edit Product" onClose={outerClose} wide>
        <input aria-label="Name" />
        {inner && <ConfirmDialog title="Delete product?" message="Sure?" confirmLabel="Delete product" onConfirm={() => undefined} onCancel={cancel} />}
      </Dialog>
    );
    const { rerender } = render(ui(false));
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await shownDialog(screen.getByRole('dialog', { name: 'Edit Product' }));
    rerender(ui(true));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete product?' });
    expect(confirm).toHaveAccessibleDescription('Sure?');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    screen.getByRole('button', { name: 'Delete product' }).focus();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(confirm.contains(document.activeElement)).toBe(true);
    pressEscape();
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(outerClose).not.toHaveBeenCalled();
    // Closing the confirmation gives focus back to what had it when it opened.
    rerender(ui(false));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('cannot be closed while busy', async () => {
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
    expect(screen.getByRole('alertdialog', { name: 'Restore?' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('ion-modal')).toHaveClass('show-modal'));
    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Restoring...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
