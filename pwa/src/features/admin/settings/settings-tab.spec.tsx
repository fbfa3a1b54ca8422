import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithToasts } from '../../../test/render';
import { navigation, SettingsTab } from './settings-tab';

const renderTab = () => renderWithToasts(<SettingsTab />);

describe('SettingsTab', () => {
  it('keeps Save Config disabled while the application ID is empty, then saves it and the mode with two calls', async () => {
    const { calls, fn } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
      'GET /api/settings': { body: {} },
      'POST /api/settings': { body: { SQUARE_APPLICATION_ID: 'sq0idp-abc123def456', SQUARE_MODE: 'production', SQUARE_LOCATION_ID: null } },
    });
    renderTab();
    const input = await screen.findByLabelText('Square Application ID');
    // admin reads skip every cache (the service worker serves /api/square/* stale-while-revalidate)
    expect(fn.mock.calls.find(([url]) => url === '/api/square/auth/status')?.[1]).toMatchObject({ cache: 'no-store', credentials: 'include' });
    expect(input.getAttribute('placeholder')).toMatch(/^sq0idp-/);
    const save = screen.getByRole('button', { name: 'Save Config' });
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(save).toBeDisabled();

    fireEvent.change(input, { target: { value: 'sq0idp-abc123def456' } });
    fireEvent.click(screen.getByLabelText('Production (live)'));
    expect(screen.getByText(/production mode processes real transactions/)).toBeInTheDocument();
    expect(save).toBeEnabled();
    fireEvent.click(save);

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByText('Square configuration has been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/settings', body: { key: 'SQUARE_MODE', value: 'production' } },
      { method: 'POST', url: '/api/settings', body: { key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-abc123def456' } },
    ]);
  });

  it('refuses a sandbox application ID with production chosen before sending anything', async () => {
    const { calls } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
      'GET /api/settings': { body: { SQUARE_MODE: 'sandbox' } },
    });
    renderTab();
    fireEvent.change(await screen.findByLabelText('Square Application ID'), { target: { value: 'sandbox-sq0idb-abc123def456' } });
    fireEvent.click(screen.getByLabelText('Production (live)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Config' }));
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(screen.getByText(/^This is a sandbox Application ID \(sandbox-sq0idb-…\) but the environment is production/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("turns 'Accept test payments' on and warns while production mode takes test orders", async () => {
    let saved = { SQUARE_APPLICATION_ID: null, SQUARE_MODE: 'production', SQUARE_LOCATION_ID: null, ACCEPT_TEST_PAYMENTS: 'false' };
    const { calls } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
      'GET /api/settings': async () => fakeResponse(200, saved),
      'POST /api/settings': async () => fakeResponse(200, (saved = { ...saved, ACCEPT_TEST_PAYMENTS: 'true' })),
    });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Accept test payments' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Payments are not set up yet/)).toBeInTheDocument();
    expect(screen.queryByText(/Anyone can place TEST orders/)).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(await screen.findByText('Test payments are on.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/settings', body: { key: 'ACCEPT_TEST_PAYMENTS', value: 'true' } }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Accept test payments' })).toBeChecked());
    expect(screen.getByText(/Warning: production mode with test payments on/)).toBeInTheDocument();
  });

  it("saves the shop's time zone, refusing a name that is not an IANA zone without calling the server", async () => {
    let saved = {
      SQUARE_APPLICATION_ID: null,
      SQUARE_MODE: 'sandbox',
      SQUARE_LOCATION_ID: null,
      ACCEPT_TEST_PAYMENTS: 'true',
      SHOP_TIME_ZONE: 'America/Chicago',
    };
    const { calls } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
      'GET /api/settings': async () => fakeResponse(200, saved),
      'POST /api/settings': async () => fakeResponse(200, (saved = { ...saved, SHOP_TIME_ZONE: 'America/Denver' })),
    });
    renderTab();
    const input = await screen.findByLabelText('Time zone (IANA name)');
    await waitFor(() => expect(input).toHaveValue('America/Chicago'));
    const save = screen.getByRole('button', { name: 'Save Time Zone' });
    expect(save).toBeDisabled();

    fireEvent.change(input, { target: { value: 'Mountain Time' } });
    fireEvent.click(save);
    expect(await screen.findByText('Time zone must be an IANA name such as America/Chicago')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(input, { target: { value: 'America/Denver' } });
    fireEvent.click(save);
    expect(await screen.findByText("The shop's time zone is America/Denver.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/settings', body: { key: 'SHOP_TIME_ZONE', value: 'America/Denver' } },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Time zone (IANA name)')).toHaveValue('America/Denver'));
  });

  it("says 'Error saving settings' with the server's message", async () => {
    mockFetch({
      'GET /api/square/auth/status': { body: { connected: false } },
      'GET /api/settings': { body: {} },
      'POST /api/settings': { status: 500, body: { message: 'Database unavailable' } },
    });
    renderTab();
    fireEvent.change(await screen.findByLabelText('Square Application ID'), { target: { value: 'sandbox-sq0idb-abcdefghijk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Config' }));
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it("asks for a saved application ID before connecting ('Configuration required')", async () => {
    const { calls } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: false } },
      'GET /api/settings': { body: { SQUARE_MODE: 'sandbox' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect to Square' }));
    expect(await screen.findByText('Configuration required')).toBeInTheDocument();
    expect(screen.getByText('Please save your Square Application ID first.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/square/auth/url')).toBe(false);
  });

  it('connects by sending the browser to the auth URL', async () => {
    const assign = jest.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/square/auth/status': { body: { connected: false } },
      'GET /api/settings': { body: { SQUARE_APPLICATION_ID: 'sq0idp-saved', SQUARE_MODE: 'sandbox', SQUARE_LOCATION_ID: null } },
      'GET /api/square/auth/url': { body: { authUrl: 'https://connect.squareupsandbox.com/oauth2/authorize?x=1' } },
    });
    renderTab();
    await waitFor(() => expect(screen.getByLabelText('Square Application ID')).toHaveValue('sq0idp-saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Connect to Square' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.squareupsandbox.com/oauth2/authorize?x=1'));
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    assign.mockRestore();
  });

  it("shows 'Connection failed' and lets the owner try again", async () => {
    mockFetch({
      'GET /api/square/auth/status': { body: { connected: false } },
      'GET /api/settings': { body: { SQUARE_APPLICATION_ID: 'sq0idp-saved' } },
      'GET /api/square/auth/url': { status: 502, body: { error: 'Square is unreachable' } },
    });
    renderTab();
    await waitFor(() => expect(screen.getByLabelText('Square Application ID')).toHaveValue('sq0idp-saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Connect to Square' }));
    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('Square is unreachable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect to Square' })).toBeEnabled();
  });

  it('when connected, disconnects only after confirmation and syncs the catalogue with a summary', async () => {
    const { calls } = mockFetch({
      'GET /api/square/auth/status': { body: { connected: true, merchantId: 'M123' } },
      'GET /api/settings': { body: { SQUARE_APPLICATION_ID: 'sq0idp-saved' } },
      'POST /api/square/auth/disconnect': { body: {} },
      'POST /api/square/catalog/sync': { body: { created: 2, updated: 1, unchanged: 7 } },
    });
    renderTab();
    expect(await screen.findByText(/Connected to Square/)).toBeInTheDocument();
    expect(screen.getByText(/M123/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sync catalogue from Square' }));
    expect(await screen.findByText('Created 2, updated 1, unchanged 7.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Square?' });
    expect(calls.some((c) => c.url === '/api/square/auth/disconnect')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).find((b) => dialog.contains(b))!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/square/auth/disconnect')).toBe(true));
  });

  it('shows the deprecated legacy provider card with only a notice', async () => {
    mockFetch({ 'GET /api/square/auth/status': { body: { connected: false } }, 'GET /api/settings': { body: {} } });
    renderTab();
    const card = (await screen.findByRole('heading', { name: /Legacy payment provider/ })).closest('section')!;
    expect(card).toHaveTextContent('Deprecated');
    expect(card.querySelectorAll('button, input')).toHaveLength(0);
  });

  it('reports the outcome of the Square callback once and clears it from the address', async () => {
    mockFetch({ 'GET /api/square/auth/status': { body: { connected: true, merchantId: 'M1' } }, 'GET /api/settings': { body: {} } });
    renderWithToasts(<SettingsTab />, { route: '/admin?square=connected' });
    expect(await screen.findByText('Square connected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('reports a failed Square callback', async () => {
    mockFetch({ 'GET /api/square/auth/status': { body: { connected: false } }, 'GET /api/settings': { body: {} } });
    renderWithToasts(<SettingsTab />, { route: '/admin?tab=settings&square=error' });
    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=settings'));
  });

  it('warns that switching the environment of a connected shop means connecting again', async () => {
    mockFetch({
      'GET /api/square/auth/status': { body: { connected: true, merchantId: 'M1' } },
      'GET /api/settings': { body: { SQUARE_APPLICATION_ID: 'sq0idp-abcdefghijkl', SQUARE_MODE: 'sandbox' } },
    });
    renderTab();
    await waitFor(() => expect(screen.getByLabelText('Square Application ID')).toHaveValue('sq0idp-abcdefghijkl'));
    expect(screen.queryByText(/connect to Square again/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Production (live)'));
    expect(await screen.findByText(/connect to Square again/)).toBeInTheDocument();
  });

  it('checks the application ID with the shared setting rule before sending anything', async () => {
    const { calls } = mockFetch({ 'GET /api/square/auth/status': { body: { connected: false } }, 'GET /api/settings': { body: {} } });
    renderTab();
    fireEvent.change(await screen.findByLabelText('Square Application ID'), { target: { value: 'pk_live_123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Config' }));
    expect(await screen.findByText(/Application ID must look like sq0idp-/)).toBeInTheDocument();
    expect(screen.getByLabelText('Square Application ID')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
