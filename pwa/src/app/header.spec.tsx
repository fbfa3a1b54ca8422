import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../test/render';
import { SiteHeader } from './header';

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

describe('SiteHeader unread messages badge', () => {
  const admin = { id: 1, username: 'admin', email: 'owner@example.com', firstName: 'Olive', isAdmin: true };

  it('shows an admin the inbox’s unread count on the user button and the Admin Panel link', async () => {
    mockFetch({ 'GET /api/user': { body: admin }, 'GET /api/admin/inbox/counts': { body: { unread: 3 } } });
    renderWithProviders(<SiteHeader />);
    // The number is read once, with what it means: the button's name stays the user's, described by the count.
    const button = await screen.findByRole('button', { name: 'Olive' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('3 unread messages'));
    expect(button).toHaveTextContent(/^Olive\s*3$/);
    fireEvent.click(button);
    expect(screen.getByRole('link', { name: /^Admin Panel\s*, 3 unread messages$/ })).toHaveAttribute('href', '/admin');
    // The owner's check-in, two taps from any page.
    expect(screen.getByRole('link', { name: "We're here" })).toHaveAttribute('href', '/admin?tab=live');
  });

  it('asks again every minute', async () => {
    jest.useFakeTimers();
    try {
      const { calls } = mockFetch({ 'GET /api/user': { body: admin }, 'GET /api/admin/inbox/counts': { body: { unread: 1 } } });
      renderWithProviders(<SiteHeader />);
      const button = await screen.findByRole('button', { name: 'Olive' });
      await waitFor(() => expect(button).toHaveAccessibleDescription('1 unread message'));
      const asked = () => calls.filter((c) => c.url === '/api/admin/inbox/counts').length;
      expect(asked()).toBe(1);
      await act(() => jest.advanceTimersByTimeAsync(59_000));
      expect(asked()).toBe(1);
      await act(() => jest.advanceTimersByTimeAsync(2_000));
      expect(asked()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows no badge when nothing is unread, and never asks for a customer', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { body: { ...admin, isAdmin: false } } });
    renderWithProviders(<SiteHeader />);
    fireEvent.click(await screen.findByRole('button', { name: 'Olive' }));
    expect(screen.queryByRole('link', { name: /Admin Panel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "We're here" })).not.toBeInTheDocument();
    // The user, and the shop's name and logo the header shows: no customer, no inbox.
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/shop', '/api/user']);
  });

  it('shows no badge to an admin with nothing unread', async () => {
    mockFetch({ 'GET /api/user': { body: admin }, 'GET /api/admin/inbox/counts': { body: { unread: 0 } } });
    renderWithProviders(<SiteHeader />);
    const button = await screen.findByRole('button', { name: 'Olive' });
    expect(button).not.toHaveAccessibleDescription();
    fireEvent.click(button);
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toBeInTheDocument();
  });
});
