import { render, screen } from '@testing-library/react';
import { orderView } from '../../../test/fixtures';
import { OrderSums } from './order-sums';

describe('OrderSums', () => {
  it('shows a discount code and what it took off, between the subtotal and the shipping', () => {
    render(
      <dl>
        <OrderSums order={orderView({ discount: 5, discountCode: 'SAVE5', tax: 1.78, total: 33.25 })} totalClassName="total" totalTestId="total" />
      </dl>,
    );
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toEqual(['Subtotal', 'Discount (SAVE5)', 'Shipping', 'Tax', 'Total']);
    expect(screen.getByTestId('order-discount')).toHaveTextContent('−$5.00');
    expect(screen.getByTestId('total')).toHaveTextContent('$33.25');
  });

  it('shows no discount row on an order without a code', () => {
    render(
      <dl>
        <OrderSums order={orderView()} totalClassName="total" totalTestId="total" />
      </dl>,
    );
    expect(screen.queryByText(/Discount/)).toBeNull();
  });
});
