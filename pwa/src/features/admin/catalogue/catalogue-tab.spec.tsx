import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { categories, product } from '../../../test/fixtures';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { FakeXhr } from '../test/fake-xhr';
import { CatalogueTab } from './catalogue-tab';

const LIST = 'GET /api/products?limit=26&offset=0';
const cocoa = product({ id: 9, name: 'Classic Hot Cocoa', price: 12.99, categoryId: 1, subtitle: 'Rich' });
const renderTab = () => renderWithToasts(<CatalogueTab />);

beforeEach(() => {
  FakeXhr.install();
});
afterAll(() => FakeXhr.uninstall());

describe('CatalogueTab', () => {
  it('validates with the shared product schema and creates with price as a float and category as an integer', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: [cocoa] },
      'GET /api/categories': { body: categories },
      'POST /api/products': { status: 201, body: { ...cocoa, id: 10, name: 'Mint Cocoa' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be a number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mint Cocoa' } });
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '8.5' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Main image'), { target: { value: '/uploads/products/mint.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Mint Cocoa',
      slug: null,
      subtitle: null,
      description: null,
      price: 8.5,
      categoryId: 2,
      imageUrl: '/uploads/products/mint.png',
      hotImageUrl: null,
      icedImageUrl: null,
      shakeImageUrl: null,
      featuredImageUrl: null,
      backgroundImageUrl: null,
      inStock: true,
      featured: false,
      soldAtCart: false,
      variationId: null,
      stockCount: null,
      lowStockThreshold: null,
      options: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the stock count with a Low or Out badge; a product nobody counts shows its switch', async () => {
    const counted = (id: number, name: string, stockCount: number | null, lowStockThreshold: number | null, inStock = true) => ({
      ...product({ id, name, inStock }),
      stockCount,
      lowStockThreshold,
      soldAtCart: false,
      options: [],
    });
    mockFetch({
      [LIST]: {
        body: [
          counted(1, 'Plenty Cocoa', 40, 5),
          counted(2, 'Running Low Cocoa', 3, 5),
          counted(3, 'Sold Out Cocoa', 0, null),
          counted(4, 'Uncounted Cocoa', null, null),
          counted(5, 'Paused Cocoa', 8, null, false),
        ],
      },
      'GET /api/categories': { body: categories },
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Products' });
    const row = (name: string) => within(list).getByText(name).closest('li')!;
    expect(row('Plenty Cocoa')).toHaveTextContent('40 in stock');
    expect(within(row('Plenty Cocoa')).queryByText('Low')).not.toBeInTheDocument();
    expect(row('Running Low Cocoa')).toHaveTextContent('3 in stock');
    expect(within(row('Running Low Cocoa')).getByText('Low')).toHaveTextContent('Low stock');
    expect(within(row('Sold Out Cocoa')).getByText('Out')).toHaveTextContent('Out of stock');
    expect(row('Sold Out Cocoa')).toHaveTextContent('0 in stock');
    expect(row('Uncounted Cocoa')).toHaveTextContent('In stock');
    expect(within(row('Uncounted Cocoa')).queryByText(/^(Low|Out)$/)).not.toBeInTheDocument();
    expect(row('Paused Cocoa')).toHaveTextContent('8 in stock (switched off: out of stock)');
  });

  it('edits through PATCH with the fields filled in', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: [cocoa] },
      'GET /api/categories': { body: categories },
      'PATCH /api/products/9': { body: { ...cocoa, price: 13.5 } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Classic Hot Cocoa' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Classic Hot Cocoa');
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue(12.99);
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('1'));
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '13.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'Classic Hot Cocoa', price: 13.5, categoryId: 1, slug: 'classic-hot-cocoa' });
  });

  it('deletes a product only after confirmation', async () => {
    const { calls } = mockFetch({ [LIST]: { body: [cocoa] }, 'GET /api/categories': { body: categories }, 'DELETE /api/products/9': { status: 204 } });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Classic Hot Cocoa' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete product?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Classic Hot Cocoa' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/products/9')).toBe(true);
  });

  it('searches the admin list', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: [cocoa] },
      'GET /api/categories': { body: categories },
      'GET /api/products?limit=26&offset=0&search=mint': { body: [] },
    });
    renderTab();
    await screen.findByText('Classic Hot Cocoa');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'mint' } });
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/products?limit=26&offset=0&search=mint')).toBe(true);
  });

  it('creates a category with the shared category schema', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: [] },
      'GET /api/categories': { body: categories },
      'POST /api/categories': { status: 201, body: { id: 5, name: 'Gift Sets', slug: 'gift-sets', description: null, imageUrl: null } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Category' });
    fireEvent.change(within(dialog).getByLabelText('Slug (optional, generated from the name when empty)'), { target: { value: 'Bad Slug!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Slug may hold only lowercase letters, digits and single hyphens')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Gift Sets' } });
    fireEvent.change(within(dialog).getByLabelText('Slug (optional, generated from the name when empty)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Gift Sets', slug: null, description: null, imageUrl: null });
  });

  it("imports after confirmation: 'Import complete' / 'Imported N products and M categories.'", async () => {
    mockFetch({ [LIST]: { body: [] }, 'GET /api/categories': { body: categories } });
    FakeXhr.queue.push({ status: 201, body: { imported: 3, categories: ['Gift Sets'] } });
    renderTab();
    await screen.findByText('No products yet. Add the first one.');
    expect(screen.getByRole('link', { name: 'Export to Excel' })).toHaveAttribute('href', '/api/products/export');
    const input = screen.getByLabelText('Import from Excel or CSV');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.csv'));
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
    const sheet = new File(['x'], 'products.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [sheet] } });
    const confirm = screen.getByRole('alertdialog', { name: 'Import products?' });
    // The rule for blank and cleared cells is in the dialog itself, where the owner decides.
    expect(confirm).toHaveAccessibleDescription(
      expect.stringContaining('A blank cell leaves that field of an existing product as it is. To empty a field, type (clear) in its cell.'),
    );
    expect(FakeXhr.sent).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(screen.getByText('Imported 3 products and 1 categories.')).toBeInTheDocument();
    expect(FakeXhr.sent[0].url).toBe('/api/products/import');
    expect((FakeXhr.sent[0].body.get('file') as File).name).toBe('products.xlsx');
  });

  it("says 'Import failed' with the row the server names", async () => {
    mockFetch({ [LIST]: { body: [] }, 'GET /api/categories': { body: categories } });
    FakeXhr.queue.push({
      status: 400,
      body: { message: 'Row 4: Price (column E) has a formula with no saved value: open and save the file in a spreadsheet program, or type the value' },
    });
    renderTab();
    await screen.findByText('No products yet. Add the first one.');
    fireEvent.change(screen.getByLabelText('Import from Excel or CSV'), { target: { files: [new File(['x'], 'bad.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(
      screen.getByText('Row 4: Price (column E) has a formula with no saved value: open and save the file in a spreadsheet program, or type the value'),
    ).toBeInTheDocument();
  });

  it('pages through the list 25 at a time', async () => {
    const page1 = Array.from({ length: 26 }, (_, i) => product({ id: i + 1, name: `Cocoa ${String(i + 1).padStart(2, '0')}` }));
    const { calls } = mockFetch({
      [LIST]: { body: page1 },
      'GET /api/categories': { body: categories },
      'GET /api/products?limit=26&offset=25': { body: [product({ id: 30, name: 'Cocoa 26' })] },
    });
    renderTab();
    expect(await screen.findByText('Cocoa 25')).toBeInTheDocument();
    expect(screen.queryByText('Cocoa 26')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Cocoa 26')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.some((c) => c.url === '/api/products?limit=26&offset=25')).toBe(true);
  });
});
