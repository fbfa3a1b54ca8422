import type { ReactNode } from 'react';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useFocusTrap } from './use-focus-trap';

function Modal({ name, onClose, onAction, children }: { name: string; onClose: () => void; onAction?: () => void; children?: ReactNode }) {
  const ref = useFocusTrap<HTMLDivElement>(true, onClose);
  return (
    <div ref={ref} role="dialog" aria-modal="true" aria-label={name} tabIndex={-1}>
      <button type="button" onClick={onAction}>{`${name} action`}</button>
      {children}
    </div>
  );
}

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return outer ? (
    <Modal name="Outer" onClose={() => setOuter(false)} onAction={() => setInner(true)}>
      {inner && <Modal name="Inner" onClose={() => setInner(false)} />}
    </Modal>
  ) : null;
}

describe('useFocusTrap', () => {
  it('with modals inside modals, Escape and Tab belong to the innermost one', () => {
    render(<Nested />);
    expect(screen.getByRole('dialog', { name: 'Outer' })).toHaveFocus();
    const opener = screen.getByRole('button', { name: 'Outer action' });
    opener.focus();
    fireEvent.click(opener);
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    expect(inner).toHaveFocus();
    fireEvent.keyDown(inner, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
