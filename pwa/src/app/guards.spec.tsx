import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, mockFetch } from '../test/render';
import { AdminRoute, ProtectedRoute } from './guards';

const customer = { id: 1, username: 'jane', email: 'j@example.com', firstName: 'Jane', lastName: null, isAdmin: false };

describe('ProtectedRoute', () => {
  it('shows a spinner while the user loads, then the page for a signed-in user', async () => {
    let answer: (r: Response) => void = () => undefined;
    global.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<ProtectedRoute><h1>Orders page</h1></ProtectedRoute>, { route: '/orders' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    answer({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(customer) } as Response);
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
  });

  it('sends a visitor (401) to /auth with the page as redirect', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderWithProviders(<ProtectedRoute><h1>Account page</h1></ProtectedRoute>, { route: '/account?tab=password', path: '/account' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirect=%2Faccount%3Ftab%3Dpassword'));
    expect(screen.queryByRole('heading', { name: 'Account page' })).not.toBeInTheDocument();
  });
});

describe('AdminRoute', () => {
  it('sends a signed-in customer who is not an admin to /', async () => {
    mockFetch({ 'GET /api/user': { body: customer } });
    renderWithProviders(<AdminRoute><h1>Admin</h1></AdminRoute>, { route: '/admin', path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<AdminRoute><h1>Admin</h1></AdminRoute>, { route: '/admin', path: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the page to an admin', async () => {
    mockFetch({ 'GET /api/user': { body: { ...customer, isAdmin: true } } });
    renderWithProviders(<AdminRoute><h1>Admin</h1></AdminRoute>, { route: '/admin', path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });
});
