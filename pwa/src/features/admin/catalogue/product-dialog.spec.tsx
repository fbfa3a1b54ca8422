import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProduct } from '@cocoa/shared-types';
import { adminProduct, categories } from '../../../test/fixtures';
import { expectNoAxeViolations } from '../../../test/axe';
import { shownDialog } from '../../../test/ionic';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ProductDialog } from './product-dialog';

const counted: AdminProduct = adminProduct({ id: 9, name: 'Classic Hot Cocoa', price: 12.99, categoryId: 1, stockCount: 7, lowStockThreshold: 2 });

function renderDialog(editing: AdminProduct | null) {
  const onClose = jest.fn();
  const { unmount } = renderWithProviders(<ProductDialog product={editing} categories={categories} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: editing ? 'Edit Product' : 'Create Product' });
  return { dialog, onClose, unmount, field: (label: string) => within(dialog).getByLabelText(label) };
}

const STOCK = 'Stock count (blank: not counted)';
const THRESHOLD = 'Low-stock threshold (blank: none)';

describe('ProductDialog stock fields', () => {
  it('offers labelled numeric inputs, blank for a new product, and creates with whole numbers ("1,200" too)', async () => {
    const { calls } = mockFetch({ 'POST /api/products': { status: 201, body: { ...counted, id: 10 } } });
    const { field, dialog, onClose } = renderDialog(null);
    for (const label of [STOCK, THRESHOLD]) {
      expect(field(label)).toHaveAttribute('inputmode', 'numeric');
      expect(field(label)).toHaveValue('');
    }
    fireEvent.change(field('Name'), { target: { value: 'Mint Cocoa' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '8.5' } });
    fireEvent.change(field(STOCK), { target: { value: ' 1,200 ' } });
    fireEvent.change(field(THRESHOLD), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Mint Cocoa', stockCount: 1200, lowStockThreshold: 10 });
  });

  it.each([
    ['-1', 'Stock count cannot be negative'],
    ['2.5', 'Stock count must be a whole number'],
    ['lots', 'Stock count must be a number'],
    ['1000001', 'Stock count must be at most 1,000,000'],
  ])('refuses %p with "%s" next to the field, sending nothing', async (typed, message) => {
    const { calls } = mockFetch({});
    const { field, dialog } = renderDialog(null);
    fireEvent.change(field('Name'), { target: { value: 'Mint Cocoa' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '8.5' } });
    fireEvent.change(field(STOCK), { target: { value: typed } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(field(STOCK)).toHaveAttribute('aria-invalid', 'true');
    expect(field(STOCK)).toHaveAccessibleDescription(message);
    expect(calls).toEqual([]);
  });

  it('shows the saved count and threshold; a save that leaves the count alone does not send it (sales since the dialog opened stay)', async () => {
    const { calls } = mockFetch({ 'PATCH /api/products/9': { body: { ...counted, price: 13.5 } } });
    const { field, dialog, onClose } = renderDialog(counted);
    expect(field(STOCK)).toHaveValue('7');
    expect(field(THRESHOLD)).toHaveValue('2');
    fireEvent.change(field('Price (USD)'), { target: { value: '13.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(patch).toMatchObject({ price: 13.5, lowStockThreshold: 2 });
    expect(patch).not.toHaveProperty('stockCount');
  });

  it('sends a changed count, and null when the owner empties it (stop counting)', async () => {
    const { calls } = mockFetch({ 'PATCH /api/products/9': { body: counted } });
    let view = renderDialog(counted);
    fireEvent.change(view.field(STOCK), { target: { value: '25' } });
    fireEvent.click(within(view.dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PATCH')[0].body).toMatchObject({ stockCount: 25 });

    view.unmount();
    view = renderDialog(counted);
    fireEvent.change(view.field(STOCK), { target: { value: '' } });
    fireEvent.change(view.field(THRESHOLD), { target: { value: '' } });
    fireEvent.click(within(view.dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PATCH')[1].body).toMatchObject({ stockCount: null, lowStockThreshold: null });
  });
});

describe('ProductDialog "Sold at the cart"', () => {
  const SOLD_AT_CART = 'Sold at the cart';

  it('is off for a new product and creates it on the cart’s menu when ticked', async () => {
    const { calls } = mockFetch({ 'POST /api/products': { status: 201, body: { ...counted, id: 10, soldAtCart: true } } });
    const { field, dialog, onClose } = renderDialog(null);
    expect(field(SOLD_AT_CART)).not.toBeChecked();
    await shownDialog(dialog);
    await expectNoAxeViolations(dialog);
    fireEvent.change(field('Name'), { target: { value: 'Mint Cocoa' } });
    fireEvent.change(field('Price (USD)'), { target: { value: '5' } });
    fireEvent.click(field(SOLD_AT_CART));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Mint Cocoa', soldAtCart: true });
  });

  it('shows the saved choice and saves it changed through PATCH', async () => {
    const { calls } = mockFetch({ 'PATCH /api/products/9': { body: { ...counted, soldAtCart: false } } });
    const { field, dialog, onClose } = renderDialog({ ...counted, soldAtCart: true });
    expect(field(SOLD_AT_CART)).toBeChecked();
    fireEvent.click(field(SOLD_AT_CART));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ soldAtCart: false });
  });
});

describe('ProductDialog "Options at the cart"', () => {
  const SIZE_GROUP = {
    id: 'size',
    name: 'Size',
    min: 1,
    max: 1,
    choices: [
      { id: 'small', name: 'Small', priceCents: 0 },
      { id: 'large', name: 'Large', priceCents: 75 },
    ],
  };
  const TOPPINGS_GROUP = {
    id: 'toppings',
    name: 'Toppings',
    min: 0,
    max: 2,
    choices: [
      { id: 'sprinkles', name: 'Sprinkles', priceCents: -25 },
      { id: 'whip', name: 'Whip', priceCents: 50 },
    ],
  };
  const group = (dialog: HTMLElement, number: number) => within(dialog).getByRole('group', { name: `Option ${number}` });
  const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

  /** A new product's name and price, and the first option as typed: a name, Required, its choices. */
  function typeSizeOption(dialog: HTMLElement) {
    type(dialog, 'Name', 'Mint Cocoa');
    type(dialog, 'Price (USD)', '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    const size = group(dialog, 1);
    expect(within(size).getByLabelText('Option 1 name (e.g. Size)')).toHaveFocus();
    type(size, 'Option 1 name (e.g. Size)', 'Size');
    fireEvent.click(within(size).getByLabelText('Required: every drink takes at least one'));
    type(size, 'Choice 1', 'Small');
    fireEvent.click(within(size).getByRole('button', { name: 'Add choice to option 1' }));
    type(size, 'Choice 2', 'Large');
    type(size, 'Choice 2 price change ($)', '0.75');
    return size;
  }

  it('creates a product with its option groups and choices (Required: min 1, Up to: max, price changes in dollars)', async () => {
    const { calls } = mockFetch({ 'POST /api/products': { status: 201, body: { ...counted, id: 10, options: [SIZE_GROUP] } } });
    const { dialog, onClose } = renderDialog(null);
    expect(within(dialog).getByRole('group', { name: 'Options at the cart' })).toBeInTheDocument();
    expect(within(dialog).getByText('No options: the drink is ordered as it is.')).toBeInTheDocument();
    typeSizeOption(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    const toppings = group(dialog, 2);
    type(toppings, 'Option 2 name (e.g. Size)', 'Toppings');
    type(toppings, 'Up to how many choices', '2');
    type(toppings, 'Choice 1', 'Sprinkles');
    type(toppings, 'Choice 1 price change ($)', '-$0.25');
    fireEvent.click(within(toppings).getByRole('button', { name: 'Add choice to option 2' }));
    type(toppings, 'Choice 2', 'Whip');
    type(toppings, 'Choice 2 price change ($)', '+0.5');
    await shownDialog(dialog);
    await expectNoAxeViolations(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Mint Cocoa',
      options: [
        {
          name: 'Size',
          min: 1,
          max: 1,
          choices: [
            { name: 'Small', price: 0 },
            { name: 'Large', price: 0.75 },
          ],
        },
        {
          name: 'Toppings',
          min: 0,
          max: 2,
          choices: [
            { name: 'Sprinkles', price: -0.25 },
            { name: 'Whip', price: 0.5 },
          ],
        },
      ],
    });
  });

  it('loads the saved options (cents as dollars), and saves them changed: a choice and a group removed', async () => {
    const { calls } = mockFetch({ 'PATCH /api/products/9': { body: counted } });
    const { dialog, onClose } = renderDialog({ ...counted, soldAtCart: true, options: [SIZE_GROUP, TOPPINGS_GROUP] });
    const size = group(dialog, 1);
    expect(within(size).getByLabelText('Option 1 name (e.g. Size)')).toHaveValue('Size');
    expect(within(size).getByLabelText('Required: every drink takes at least one')).toBeChecked();
    expect(within(size).getByLabelText('Up to how many choices')).toHaveValue(1);
    expect(within(size).getByLabelText('Choice 2 price change ($)')).toHaveValue('0.75');
    expect(within(group(dialog, 2)).getByLabelText('Required: every drink takes at least one')).not.toBeChecked();
    expect(within(group(dialog, 2)).getByLabelText('Choice 1 price change ($)')).toHaveValue('-0.25');

    fireEvent.click(within(size).getByRole('button', { name: 'Remove choice 1 of option 1' }));
    expect(within(size).getByRole('button', { name: 'Add choice to option 1' })).toHaveFocus();
    // The last choice goes with its option only.
    expect(within(size).getByRole('button', { name: 'Remove choice 1 of option 1' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option 2' }));
    expect(within(dialog).getByRole('button', { name: 'Add option' })).toHaveFocus();
    expect(within(dialog).queryByRole('group', { name: 'Option 2' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      options: [{ name: 'Size', min: 1, max: 1, choices: [{ name: 'Large', price: 0.75 }] }],
    });
  });

  it('says what the shared schema refuses beside the option’s field, sending nothing, and clears it once fixed', async () => {
    const { calls } = mockFetch({ 'POST /api/products': { status: 201, body: { ...counted, id: 10 } } });
    const { dialog, onClose } = renderDialog(null);
    const size = typeSizeOption(dialog);
    type(size, 'Option 1 name (e.g. Size)', ' ');
    type(size, 'Up to how many choices', '3');
    type(size, 'Choice 2 price change ($)', '0.755');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(size).findByText('Option name is required')).toBeInTheDocument();
    expect(within(size).getByLabelText('Option 1 name (e.g. Size)')).toHaveAccessibleDescription('Option name is required');
    expect(within(size).getByLabelText('Up to how many choices')).toHaveAccessibleDescription('Maximum cannot be more than the choices');
    expect(within(size).getByLabelText('Choice 2 price change ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(size).getByText('Price change must have at most two decimals')).toBeInTheDocument();
    await shownDialog(dialog);
    await expectNoAxeViolations(dialog);
    expect(calls).toEqual([]);

    type(size, 'Option 1 name (e.g. Size)', 'Size');
    type(size, 'Up to how many choices', '1');
    type(size, 'Choice 2 price change ($)', '0.75');
    await waitFor(() => expect(within(size).queryByRole('alert')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the API’s 400 in the dialog, the option’s place read out, and stays open', async () => {
    mockFetch({
      'POST /api/products': {
        status: 400,
        body: { statusCode: 400, message: 'options.0.choices.1.price: Invalid input: expected number', error: 'Bad Request' },
      },
    });
    const { dialog, onClose } = renderDialog(null);
    typeSizeOption(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Option 1, choice 2: Invalid input: expected number');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });
});
