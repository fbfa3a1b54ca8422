import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { fakeResponse, renderWithProviders, mockFetch, testQueryClient } from '../test/render';
import { AdminRoute, ProtectedRoute } from './guards';
import { restorePersistedQueries } from './query-client';

const customer = { id: 1, username: 'jane', email: 'j@example.com', firstName: 'Jane', lastName: null, isAdmin: false };

describe('ProtectedRoute', () => {
  it('shows a spinner while the user loads, then the page for a signed-in user', async () => {
    let answer: (r: Response) => void = () => undefined;
    global.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(
      <ProtectedRoute>
        <h1>Orders page</h1>
      </ProtectedRoute>,
      { route: '/orders' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    answer({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(customer) } as Response);
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
  });

  it('sends a visitor (401) to /auth with the page as redirect', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderWithProviders(
      <ProtectedRoute>
        <h1>Account page</h1>
      </ProtectedRoute>,
      { route: '/account?tab=password', path: '/account' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirect=%2Faccount%3Ftab%3Dpassword'));
    expect(screen.queryByRole('heading', { name: 'Account page' })).not.toBeInTheDocument();
  });
});

/** /admin behind its guard, the page a heading "Admin". */
function renderAdminRoute() {
  renderWithProviders(
    <AdminRoute>
      <h1>Admin</h1>
    </AdminRoute>,
    { route: '/admin', path: '/admin' },
  );
}

describe('AdminRoute', () => {
  it('sends a signed-in customer who is not an admin to /', async () => {
    mockFetch({ 'GET /api/user': { body: customer } });
    renderAdminRoute();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderAdminRoute();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the page to an admin', async () => {
    mockFetch({ 'GET /api/user': { body: { ...customer, isAdmin: true } } });
    renderAdminRoute();
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });
});

/**
 * The reload case: the query cache restored from storage says "nobody" (written when /auth was
 * visited; the sign-in a moment later had not reached storage yet), while GET /api/user, which
 * the guard waits for, answers who is signed in now.
 */
/**
 * As the app starts (start.tsx): the persisted cache restored, then the first render of the
 * owner's /admin or a customer's /orders behind its guard, until the guard has asked who is signed in.
 */
async function renderAfterReload(route: '/admin' | '/orders') {
  const ui =
    route === '/admin' ? (
      <AdminRoute>
        <h1>Admin</h1>
      </AdminRoute>
    ) : (
      <ProtectedRoute>
        <h1>Orders page</h1>
      </ProtectedRoute>
    );
  const before = new QueryClient();
  // a minute ago: before this page loaded
  before.setQueryData(['user'], null, { updatedAt: Date.now() - 60_000 });
  const persister: Persister = {
    persistClient: async () => undefined,
    restoreClient: async () => ({ timestamp: Date.now() - 60_000, buster: 'v1', clientState: dehydrate(before) }),
    removeClient: async () => undefined,
  };
  let answer: (response: Response) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const fetchUser = jest.fn(() => new Promise<Response>((resolve, reject) => ((answer = resolve), (fail = reject))));
  global.fetch = fetchUser;
  const client = testQueryClient();
  await restorePersistedQueries(client, persister);
  expect(client.getQueryData(['user'])).toBeNull();
  renderWithProviders(ui, { route, path: route, client });
  await waitFor(() => expect(fetchUser).toHaveBeenCalled());
  return { fetchUser, answer: (status: number, body?: unknown) => answer(fakeResponse(status, body)), fail: (error: Error) => fail(error) };
}

describe('guards after a reload with a persisted "nobody"', () => {
  afterEach(() => jest.restoreAllMocks());

  it('let the owner who just signed in reach /admin: no redirect to / while the session check runs', async () => {
    const server = await renderAfterReload('/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    server.answer(200, { ...customer, username: 'owner', isAdmin: true });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('let a signed-in customer reach /orders: no detour through /auth', async () => {
    const server = await renderAfterReload('/orders');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
    server.answer(200, customer);
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
  });

  it('still send a visitor to /auth once the check says nobody is signed in', async () => {
    const server = await renderAfterReload('/orders');
    server.answer(401, { message: 'Unauthorized' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirect=%2Forders'));
  });

  it('say offline, rather than deny, when the check cannot be made', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = await renderAfterReload('/admin');
    server.fail(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    expect(screen.getByText("Your sign-in can't be checked while you're offline. This page will open when you're back online.")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('offer to check again when the server could not answer', async () => {
    const server = await renderAfterReload('/orders');
    server.answer(503, { message: 'Service Unavailable' });
    expect(await screen.findByText('Your sign-in could not be checked right now.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(server.fetchUser).toHaveBeenCalledTimes(2));
    server.answer(200, customer);
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
  });
});
