import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { categories, products } from '../../../test/fixtures';
import { ProductsView } from './products-view';

describe('ProductsView', () => {
  it('groups the list by category with uncategorised products under All Products', () => {
    renderWithProviders(<ProductsView products={products} categories={categories} filter="all" view="list" />);
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Hot Cocoa', 'Iced Cocoa', 'All Products']);
    expect(screen.getByText('Premium cocoa mix collection')).toBeInTheDocument();
    const hot = screen.getByRole('region', { name: 'Hot Cocoa' });
    // featured first, then by name
    expect(
      within(hot)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/products/peppermint-cocoa', '/products/classic-hot-cocoa']);
    expect(within(hot).getByText('Featured')).toBeInTheDocument();
    expect(within(hot).getByText('Rich dark blend')).toBeInTheDocument();
    expect(within(hot).getByText('Classic Cocoa Mix')).toBeInTheDocument();
    expect(within(hot).getByText('$12.99')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByText('Price unavailable')).toBeInTheDocument();
  });

  it('shows a flat list of one category when a category is selected', () => {
    renderWithProviders(<ProductsView products={products} categories={categories} filter={2} view="list" />);
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Vanilla Iced Cocoa')).toBeInTheDocument();
  });

  it('shows cards with a disabled Add button for products out of stock in grid view', () => {
    renderWithProviders(<ProductsView products={products} categories={categories} filter="all" view="grid" />);
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add Vanilla Iced Cocoa to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Classic Hot Cocoa to cart' })).toBeEnabled();
  });

  it('shows the empty state when nothing matches', () => {
    renderWithProviders(<ProductsView products={products} categories={categories} filter={99} view="list" />);
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try selecting a different category')).toBeInTheDocument();
  });
});
