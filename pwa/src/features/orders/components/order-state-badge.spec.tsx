import { render, screen } from '@testing-library/react';
import { OrderStateBadge, orderStateVariant } from './order-state-badge';

describe('order state badge', () => {
  it.each([
    ['OPEN', 'outline'],
    ['DRAFT', 'secondary'],
    ['COMPLETED', 'default'],
    ['CANCELED', 'destructive'],
    ['SOMETHING_ELSE', 'outline'],
    ['', 'outline'],
  ])('%s → %s', (state, variant) => {
    expect(orderStateVariant(state)).toBe(variant);
  });

  it('shows the state with its variant class', () => {
    render(<OrderStateBadge state="CANCELED" />);
    expect(screen.getByText('CANCELED')).toHaveClass('state-badge--destructive');
  });
});
