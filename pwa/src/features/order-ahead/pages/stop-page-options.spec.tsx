import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PickupMenuItem, ProductOptionGroup, StopPickup } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { mockFetch, renderWithProviders } from '../../../test/render';
import StopPage from './stop-page';
import { fill, fillIn } from '../../../test/form';

const PICKUP = 'GET /api/stops/12/pickup';
const CONFIG = 'GET /api/square/web-payments/config';
const COMPLETE = 'POST /api/square/checkout/complete';
const nobody = { status: 401, body: { message: 'Please log in to continue' } };
const testConfig = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };

const choice = (id: string, name: string, priceCents: number) => ({ id, name, priceCents });
const SIZE: ProductOptionGroup = { id: 'size', name: 'Size', min: 1, max: 1, choices: [choice('small', 'Small', 0), choice('large', 'Large', 75)] };
const MILK: ProductOptionGroup = { id: 'milk', name: 'Milk', min: 0, max: 1, choices: [choice('whole', 'Whole milk', 0), choice('oat', 'Oat milk', 50)] };
const TOPPINGS: ProductOptionGroup = {
  id: 'toppings',
  name: 'Toppings',
  min: 0,
  max: 2,
  choices: [choice('whipped-cream', 'Whipped cream', 50), choice('marshmallows', 'Marshmallows', 25), choice('sprinkles', 'Sprinkles', -10)],
};
const COCOA = 'Classic Hot Cocoa';
const MENU: PickupMenuItem[] = [
  { productId: 1, name: COCOA, description: null, price: 4.5, imageUrl: null, soldOut: false, options: [SIZE, MILK, TOPPINGS] },
  { productId: 2, name: 'Peppermint Mocha', description: null, price: 5.25, imageUrl: null, soldOut: false, options: [] },
];
const stopPickup: StopPickup = {
  stopId: 12,
  stop: { name: 'Millennium Park', address: null, date: '2026-11-22', startTime: '09:00', endTime: '13:00' },
  timeZone: 'America/Chicago',
  menu: MENU,
  takesOrders: true,
  open: true,
  reason: null,
  slotMinutes: 15,
  slots: [{ start: '2026-11-22T16:00:00.000Z', end: '2026-11-22T16:15:00.000Z', left: 3 }],
  asap: null,
};

const chooseDialog = () => screen.getByRole('dialog', { name: `Choose your ${COCOA}` });

async function renderStop() {
  const fetched = mockFetch({
    'GET /api/user': nobody,
    [PICKUP]: { body: stopPickup },
    [CONFIG]: testConfig,
    [COMPLETE]: { body: { orderId: 'o-1', paymentId: 'p', testMode: true } },
  });
  const view = renderWithProviders(<StopPage />, { route: '/stops/12', path: '/stops/:id' });
  await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
  return { ...fetched, ...view };
}

/** Opens the cocoa's "Choose" step (Add, or Add another once it has a line), chooses the size named, and adds it. */
function addCocoa(size: string) {
  fireEvent.click(screen.getByRole('button', { name: `Add ${COCOA}` }));
  const dialog = chooseDialog();
  fireEvent.click(within(dialog).getByRole('radio', { name: size }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
}

describe('StopPage: a drink with options', () => {
  it('asks for its options (radios, checkboxes, price changes, required marked) and adds a line with its name and price', async () => {
    const { container } = await renderStop();
    const add = screen.getByRole('button', { name: `Add ${COCOA}` });
    expect(add).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(add);

    const dialog = chooseDialog();
    expect(within(dialog).getByRole('group', { name: 'Size (required)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Milk' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Toppings' })).toHaveAccessibleDescription('Choose up to 2');
    // Nothing is chosen for the customer; an optional single choice starts at None.
    expect(within(dialog).getByRole('radio', { name: 'Small' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Large +$0.75' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Sprinkles −$0.10' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Small' })).toHaveFocus();
    await expectNoAxeViolations(dialog);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Large +$0.75' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Oat milk +$0.50' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Whipped cream +$0.50' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Marshmallows +$0.25' }));
    // Two toppings at most: the third waits until one is let go.
    expect(within(dialog).getByRole('checkbox', { name: 'Sprinkles −$0.10' })).toBeDisabled();
    // 4.50 + 0.75 + 0.50 + 0.50 + 0.25
    expect(within(dialog).getByTestId('pickup-options-price')).toHaveTextContent('$6.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    const name = `${COCOA} (Large, Oat milk, Whipped cream, Marshmallows)`;
    const lines = screen.getByRole('list', { name: `Your ${COCOA}` });
    expect(within(lines).getByText(name)).toBeInTheDocument();
    expect(within(lines).getByText('$6.50 each')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: `Quantity of ${name}` })).toHaveTextContent('1');
    expect(screen.getByText(`Added ${name}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add ${COCOA}` })).toHaveTextContent('Add another');
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$6.50');
    await expectNoAxeViolations(container);
  });

  it('pays with each line’s option keys and its name with the options in the checkout body', async () => {
    const { calls } = await renderStop();
    fireEvent.click(screen.getByRole('button', { name: `Add ${COCOA}` }));
    const dialog = chooseDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sprinkles −$0.10' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Oat milk +$0.50' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Small' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Classic Hot Cocoa (Small, Oat milk, Sprinkles)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Peppermint Mocha' }));
    // 2 × (4.50 + 0.50 − 0.10) + 5.25 = 15.05; tax 7 % = 1.05 (1.0535)
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$16.10');
    fill('Your name', 'Ada');
    fill('E-mail', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByLabelText('Card number');
    expect(within(screen.getByRole('complementary', { name: 'Your order' })).getByText(/Classic Hot Cocoa \(Small, Oat milk, Sprinkles\)/)).toBeInTheDocument();
    fillIn({ 'Card holder': 'Ada Lovelace', 'Card number': '4111111111111111', 'Expiry (MM/YY)': '1230', CVC: '123' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $16.10' })));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { cartItems: unknown; amount: number };
    expect(body.amount).toBe(16.1);
    expect(body.cartItems).toEqual([
      { productId: 1, quantity: 2, name: 'Classic Hot Cocoa (Small, Oat milk, Sprinkles)', options: ['size:small', 'milk:oat', 'toppings:sprinkles'] },
      { productId: 2, quantity: 1, name: 'Peppermint Mocha', options: [] },
    ]);
  });

  it('does not add a drink whose required option is left out: the sentence says what to choose, and goes once it is chosen', async () => {
    await renderStop();
    fireEvent.click(screen.getByRole('button', { name: `Add ${COCOA}` }));
    const dialog = chooseDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Oat milk +$0.50' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Classic Hot Cocoa: choose a size.');
    expect(dialog).toHaveAccessibleDescription('Classic Hot Cocoa: choose a size.');
    expect(screen.queryByRole('list', { name: `Your ${COCOA}` })).toBeNull();
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$0.00');
    await expectNoAxeViolations(dialog);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Small' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    expect(within(screen.getByRole('list', { name: `Your ${COCOA}` })).getByText('Classic Hot Cocoa (Small, Oat milk)')).toBeInTheDocument();
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$5.00');
  });

  it('makes two lines of two customisations, one more of the same customisation, and removes one line alone', async () => {
    await renderStop();
    addCocoa('Large +$0.75');
    addCocoa('Small');
    addCocoa('Large +$0.75');
    const lines = within(screen.getByRole('list', { name: `Your ${COCOA}` })).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('.pickup-menu__line-name')?.textContent)).toEqual([
      'Classic Hot Cocoa (Large) $5.25 each',
      'Classic Hot Cocoa (Small) $4.50 each',
    ]);
    expect(screen.getByRole('group', { name: 'Quantity of Classic Hot Cocoa (Large)' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Quantity of Classic Hot Cocoa (Small)' })).toHaveTextContent('1');
    // 2 × 5.25 + 4.50
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$15.00');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Hot Cocoa (Large)' }));
    expect(screen.queryByRole('group', { name: 'Quantity of Classic Hot Cocoa (Large)' })).toBeNull();
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$4.50');
  });

  it('adds nothing when the customer cancels, and gives focus back to Add', async () => {
    await renderStop();
    const add = screen.getByRole('button', { name: `Add ${COCOA}` });
    add.focus();
    fireEvent.click(add);
    fireEvent.click(within(chooseDialog()).getByRole('radio', { name: 'Small' }));
    fireEvent.click(within(chooseDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: `Add ${COCOA}` })).toHaveFocus();
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$0.00');
  });
});
