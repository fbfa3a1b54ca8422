import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { CartLine } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders } from '../test/render';
import { type AppliedDiscount, discountCentsOf, DiscountCodeField } from './discount-code-field';

const CHECK = 'POST /api/checkout/discount';
const lines: CartLine[] = [
  { id: 1, name: 'Classic Hot Cocoa', price: 12.99, slug: 'classic-hot-cocoa', quantity: 2 },
  { id: 2, name: 'Peppermint Cocoa', price: 14.5, slug: 'peppermint-cocoa', quantity: 1 },
];

function Harness({ onApplied }: { onApplied: (a: AppliedDiscount | null) => void }) {
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  return (
    <>
      <DiscountCodeField
        lines={lines}
        email="jane@example.com"
        applied={applied}
        onChange={(a) => {
          setApplied(a);
          onApplied(a);
        }}
      />
      <span data-testid="off">{discountCentsOf(applied, lines)}</span>
    </>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Discount code'), { target: { value } });

describe('DiscountCodeField', () => {
  it('applies a code the server accepts for this cart, and takes its share off the subtotal', async () => {
    const { calls } = mockFetch({ [CHECK]: { body: { code: 'TENOFF', kind: 'percent', value: 10, discount: 4.05, label: '10% off' } } });
    const onApplied = jest.fn();
    renderWithProviders(<Harness onApplied={onApplied} />);
    type('tenoff');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Discount code TENOFF: 10% off');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      code: 'TENOFF',
      email: 'jane@example.com',
      cartItems: [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
    });
    // 10 % of $40.48, rounded half up
    expect(screen.getByTestId('off')).toHaveTextContent('405');
    fireEvent.click(screen.getByRole('button', { name: 'Remove discount code TENOFF' }));
    expect(onApplied).toHaveBeenLastCalledWith(null);
    expect(screen.getByLabelText('Discount code')).toBeInTheDocument();
    expect(screen.getByTestId('off')).toHaveTextContent('0');
  });

  it("checks a drink with its options by product (an order ahead's lines), for the server to price them", async () => {
    const { calls } = mockFetch({ [CHECK]: { body: { code: 'CUP-1', kind: 'amount', value: 1, discount: 1, label: '$1.00 off' } } });
    const drinks = [{ id: '1|size:large', productId: 1, options: ['size:large'], name: 'Hot Cocoa (Large)', price: 5.25, quantity: 2 }];
    renderWithProviders(<DiscountCodeField lines={drinks} applied={null} onChange={jest.fn()} />);
    type('CUP-1');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ code: 'CUP-1', cartItems: [{ productId: 1, quantity: 2, options: ['size:large'] }] });
  });

  it.each([
    ['This code has expired', 409],
    ['This code has reached its usage limit', 409],
    ['You have already used this code', 409],
    ['Unknown code', 400],
  ])("shows the server's refusal '%s' on the field, applying nothing", async (message, status) => {
    mockFetch({ [CHECK]: { status, body: { message, code: 'X' } } });
    const onApplied = jest.fn();
    renderWithProviders(<Harness onApplied={onApplied} />);
    type('SPRING');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(onApplied).not.toHaveBeenCalled();
    expect(screen.getByTestId('off')).toHaveTextContent('0');
  });

  it('refuses a code of the wrong shape without asking the server; Enter applies rather than submitting', async () => {
    const { calls } = mockFetch({ [CHECK]: { body: { code: 'ABC', kind: 'amount', value: 5, discount: 5, label: '$5.00 off' } } });
    renderWithProviders(<Harness onApplied={jest.fn()} />);
    type('no spaces please');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code must be 3 to 32 letters, digits or dashes');
    expect(calls).toEqual([]);
    type('abc');
    fireEvent.keyDown(screen.getByLabelText('Discount code'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Discount code ABC: $5.00 off'));
  });
});
