import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProduct } from '@cocoa/shared-types';
import { categories, product } from '../../../test/fixtures';
import { expectNoAxeViolations } from '../../../test/axe';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ProductDialog } from './product-dialog';

const counted: AdminProduct = {
  ...product({ id: 9, name: 'Classic Hot Cocoa', price: 12.99, categoryId: 1 }),
  stockCount: 7,
  lowStockThreshold: 2,
  soldAtCart: false,
};

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
