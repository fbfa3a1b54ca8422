import { screen, waitFor } from '@testing-library/react';
import { orderView } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';
import OrderPage from './order-page';

const view = orderView();
const ID = view.id;
const nobody = { status: 401, body: { message: 'Please log in to continue' } };
const customer = { id: 7, username: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: null, isAdmin: false };
const renderAt = (route: string) => renderWithProviders(<OrderPage />, { route, path: '/orders/:id' });

describe('OrderPage (/orders/:id, the e-mails’ order link)', () => {
  it('opens with the link’s token and no account: where the parcel is, its tracking link, lines and totals', async () => {
    const { calls } = mockFetch({ 'GET /api/user': nobody, [`GET /api/orders/${ID}?token=abc.def`]: { body: view } });
    renderAt(`/orders/${ID}?token=abc.def`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #3f2a9c1e' })).toBeInTheDocument();
    expect(screen.getByText('Shipped', { selector: '.fulfilment-badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', view.fulfilment.trackingUrl);
    expect(screen.getByText('Classic Hot Cocoa')).toBeInTheDocument();
    expect(screen.getByTestId('order-page-total')).toHaveTextContent('$38.60');
    expect(screen.getByText(/12 Analytical Way/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/orders/'))?.url).toBe(`/api/orders/${ID}?token=abc.def`);
  });

  it.each([
    [410, 'This link has expired', 'This order link has expired. Please sign in to see your order, or contact us for a new link.'],
    [403, 'This link is not valid', 'This order link is not valid. Please use the link from your order e-mail, or sign in.'],
  ])('says what is wrong with the link (%s) and offers to sign in', async (status, title, message) => {
    mockFetch({ 'GET /api/user': nobody, [`GET /api/orders/${ID}?token=old`]: { status, body: { message } } });
    renderAt(`/orders/${ID}?token=old`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent(`/orders/${ID}`)}`);
  });

  it('sends a visitor without a token to sign in, and shows a signed-in owner the order without one', async () => {
    mockFetch({ 'GET /api/user': nobody });
    const first = renderAt(`/orders/${ID}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/auth?redirect=${encodeURIComponent(`/orders/${ID}`)}`));
    first.unmount();

    const { calls } = mockFetch({
      'GET /api/user': { body: customer },
      [`GET /api/orders/${ID}`]: {
        body: { ...view, fulfilment: { ...view.fulfilment, status: 'paid', carrier: null, trackingNumber: null, trackingUrl: null } },
      },
    });
    renderAt(`/orders/${ID}`);
    expect(await screen.findByText('Preparing your order')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Track your parcel' })).toBeNull();
    expect(calls.some((c) => c.url === `/api/orders/${ID}`)).toBe(true);
  });
});
