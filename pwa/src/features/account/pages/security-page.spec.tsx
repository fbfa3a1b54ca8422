import { act, fireEvent, screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import SecurityPage from './security-page';

const user = { id: 7, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false };
const signIns = {
  timeZone: 'America/Chicago',
  signIns: [
    {
      id: 12,
      at: '2026-01-15T21:45:00.000Z',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X)',
      device: 'Safari on iPhone',
      current: false,
    },
    { id: 11, at: '2026-01-14T15:05:00.000Z', ipAddress: null, userAgent: null, device: 'Firefox on Windows', current: true },
  ],
};
const recentSection = () => screen.getByRole('region', { name: 'Recent sign-ins' });

describe('Security page', () => {
  it('lists the recent sign-ins: device in words, time in the shop’s zone, address, and this device marked', async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/sign-ins': { body: signIns } });
    const { container } = renderWithProviders(<SecurityPage />, { route: '/account/security' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    const items = await within(recentSection()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    // 21:45 UTC is 3:45 PM in Chicago (CST) whatever the zone this test runs in.
    expect(items[0]).toHaveTextContent(/^Safari on iPhone\s*January 15, 2026, 3:45 PM( CST)? · from 203\.0\.113\.9$/);
    expect(
      within(items[0])
        .getByText(/January 15, 2026/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-01-15T21:45:00.000Z');
    expect(items[1]).toHaveTextContent(/^Firefox on WindowsThis device\s*January 14, 2026, 9:05 AM( CST)? · address not known$/);
    expect(within(items[0]).queryByText('This device')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Account Settings' })).toHaveAttribute('href', '/account');
    await expectNoAxeViolations(container);
  });

  it('shows that it is loading, then an empty list as such', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/sign-ins': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<SecurityPage />, { route: '/account/security' });
    expect(await screen.findByText('Loading your recent sign-ins')).toBeInTheDocument();
    expect(within(recentSection()).getByRole('status')).toHaveTextContent('Loading your recent sign-ins');
    await act(async () => answer(fakeResponse(200, { timeZone: 'America/Chicago', signIns: [] })));
    expect(await screen.findByText('No sign-ins are recorded yet.')).toBeInTheDocument();
    expect(within(recentSection()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded, and Try Again loads it', async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/sign-ins': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<SecurityPage />, { route: '/account/security' });
    await screen.findByRole('region', { name: 'Recent sign-ins' });
    expect(await within(recentSection()).findByText('Unable to load')).toBeInTheDocument();
    expect(within(recentSection()).getByText('Your recent sign-ins could not be loaded.')).toBeInTheDocument();
    const retried = mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/sign-ins': { body: signIns } });
    fireEvent.click(within(recentSection()).getByRole('button', { name: 'Try Again' }));
    expect(await within(recentSection()).findByText('Safari on iPhone')).toBeInTheDocument();
    expect(retried.calls.filter((c) => c.url === '/api/me/sign-ins')).toHaveLength(1);
  });

  it('"Sign out other devices" asks the server and says how many were signed out; a failure says so', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: user },
      'GET /api/me/sign-ins': { body: signIns },
      'POST /api/me/sign-out-others': { body: { message: 'Signed out 2 other devices', ended: 2 } },
    });
    renderWithProviders(<SecurityPage />, { route: '/account/security' });
    const devices = await screen.findByRole('region', { name: 'Other devices' });
    fireEvent.click(within(devices).getByRole('button', { name: 'Sign out other devices' }));
    expect(await within(devices).findByText('Signed out 2 other devices')).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/me/sign-out-others', body: undefined }]);

    mockFetch({ 'GET /api/user': { body: user }, 'POST /api/me/sign-out-others': { status: 401, body: { message: 'Please log in to continue' } } });
    fireEvent.click(within(devices).getByRole('button', { name: 'Sign out other devices' }));
    expect(await within(devices).findByRole('alert')).toHaveTextContent('Please log in to continue');
  });
});
