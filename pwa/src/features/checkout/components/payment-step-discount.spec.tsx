import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MONEY_SETTINGS_DEFAULTS, TEST_CARD_NONCE_OK } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import type { AppliedDiscount } from '../../../ui/discount-code-field';
import { COMPLETE, CONFIG, fill, fillCard, lines, shipping, testConfig } from '../test/payment-step';
import { PaymentStep } from './payment-step';

const CHECK = 'POST /api/checkout/discount';

function Step({ onSuccess }: { onSuccess: jest.Mock }) {
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  return (
    <PaymentStep
      lines={lines}
      shipping={shipping}
      settings={MONEY_SETTINGS_DEFAULTS}
      onSuccess={onSuccess}
      onCancel={jest.fn()}
      discount={discount}
      onDiscountChange={setDiscount}
    />
  );
}

describe('PaymentStep with a discount code', () => {
  it('pays the discounted total (tax on the discounted subtotal, shipping whole) and sends the code', async () => {
    const { calls } = mockFetch({
      [CONFIG]: testConfig,
      [CHECK]: { body: { code: 'CUP-5', kind: 'amount', value: 5, discount: 5, label: '$5.00 off' } },
      [COMPLETE]: { body: { orderId: 'order-1', paymentId: 'pay-1', testMode: true } },
    });
    const onSuccess = jest.fn();
    renderWithProviders(<Step onSuccess={onSuccess} />);
    await screen.findByLabelText('Card number');
    // $40.48 + $5.99 shipping + 7 % tax ($2.83) = $49.30 before the code
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeInTheDocument();
    fill('Discount code', 'cup-5');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // $35.48 + $5.99 + 7 % of $35.48 ($2.48) = $43.95
    expect(await screen.findByRole('button', { name: 'Pay $43.95' })).toBeInTheDocument();
    fillCard('4111111111111111');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Pay $43.95' })));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const paid = calls.find((c) => c.url === '/api/square/checkout/complete')!;
    expect(paid.body).toMatchObject({ sourceId: TEST_CARD_NONCE_OK, amount: 43.95, shippingCost: 5.99, taxAmount: 2.48, discountCode: 'CUP-5' });
  });

  it("shows the checkout's refusal when the code stopped working before paying", async () => {
    mockFetch({
      [CONFIG]: testConfig,
      [CHECK]: { body: { code: 'LAST', kind: 'percent', value: 10, discount: 4.05, label: '10% off' } },
      [COMPLETE]: () => Promise.resolve(fakeResponse(409, { code: 'DISCOUNT_USED_UP', message: 'This code has reached its usage limit' })),
    });
    const onSuccess = jest.fn();
    renderWithProviders(<Step onSuccess={onSuccess} />);
    await screen.findByLabelText('Card number');
    fill('Discount code', 'LAST');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(/10% off/);
    fillCard('4111111111111111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $44.97' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'This code has reached its usage limit')).toBe(true));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
