import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../test/render';
import { SiteHeader } from './header';

// @ionic/react loads ESM-only packages jest does not transform; the header uses two plain pieces of it.
jest.mock('@ionic/react', () => ({
  IonHeader: ({ className, children }: { className?: string; children: ReactNode }) => <header className={className}>{children}</header>,
  IonIcon: () => null,
}));

describe('SiteHeader mobile menu', () => {
  it('closes on Escape and gives focus back to its button', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('is-open');
    const products = screen.getByRole('link', { name: 'PRODUCTS' });
    products.focus();
    fireEvent.keyDown(products, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveClass('is-open');
    expect(toggle).toHaveFocus();
  });

  it('leaves focus alone on Escape while the menu is closed', () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<SiteHeader />);
    const products = screen.getByRole('link', { name: 'PRODUCTS' });
    products.focus();
    fireEvent.keyDown(products, { key: 'Escape' });
    expect(products).toHaveFocus();
  });
});
