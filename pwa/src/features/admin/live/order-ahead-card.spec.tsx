import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PICKUP_PAUSED_DEFAULT_MESSAGE, PICKUP_SETTINGS_DEFAULTS, type PickupSettings } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { OrderAheadCard } from './order-ahead-card';

/** The server's rules endpoint: answers what it stores, refuses what the shared schema refuses. */
function mockPickupSettings(start: PickupSettings = PICKUP_SETTINGS_DEFAULTS, options: { failPut?: boolean } = {}) {
  let stored = start;
  const puts: PickupSettings[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url !== '/api/admin/pickup/settings') return fakeResponse(404, { message: 'Not Found' });
    if (method === 'GET') return fakeResponse(200, stored);
    const body = JSON.parse(init?.body as string) as PickupSettings;
    puts.push(body);
    if (options.failPut) return fakeResponse(503, { message: 'The database is not answering. Please try again in a minute.' });
    stored = body;
    return fakeResponse(200, stored);
  }) as unknown as typeof fetch;
  return { puts };
}

function renderCard() {
  renderWithToasts(<OrderAheadCard />);
  return within(screen.getByRole('region', { name: 'Orders ahead' }));
}

describe('OrderAheadCard', () => {
  it('pauses orders ahead in one tap with the owner message, and takes them again', async () => {
    const { puts } = mockPickupSettings();
    const card = renderCard();
    expect(await card.findByText('Customers can order ahead at the stops you open for it.')).toBeInTheDocument();

    fireEvent.change(card.getByLabelText('Message while paused (blank: the standard one)'), { target: { value: 'Queue is long, back at 3!' } });
    fireEvent.click(card.getByRole('button', { name: 'Pause orders ahead' }));
    expect(await card.findByText('Orders ahead are paused. Customers read: “Queue is long, back at 3!”')).toBeInTheDocument();
    expect(puts).toEqual([{ ...PICKUP_SETTINGS_DEFAULTS, paused: true, pausedMessage: 'Queue is long, back at 3!' }]);
    expect(useToastStore.getState().current?.title).toBe('Orders ahead paused');

    fireEvent.change(card.getByLabelText('Message while paused (blank: the standard one)'), { target: { value: '' } });
    fireEvent.click(card.getByRole('button', { name: 'Take orders ahead again' }));
    await card.findByRole('button', { name: 'Pause orders ahead' });
    expect(puts[1]).toEqual({ ...PICKUP_SETTINGS_DEFAULTS, paused: false, pausedMessage: null });
  });

  it('says what customers read when paused without a message of the owner', async () => {
    mockPickupSettings({ ...PICKUP_SETTINGS_DEFAULTS, paused: true });
    const card = renderCard();
    expect(await card.findByText(`Orders ahead are paused. Customers read: “${PICKUP_PAUSED_DEFAULT_MESSAGE}”`)).toBeInTheDocument();
  });

  it('saves the slot rules, and names the field the rules refuse without sending anything', async () => {
    const { puts } = mockPickupSettings();
    const card = renderCard();
    const capacity = await card.findByLabelText('Orders per slot');
    fireEvent.change(capacity, { target: { value: '0' } });
    fireEvent.click(card.getByRole('button', { name: 'Save settings' }));
    expect(await card.findByText('Orders per slot must be at least 1')).toBeInTheDocument();
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    fireEvent.change(capacity, { target: { value: '6' } });
    fireEvent.change(card.getByLabelText('Slot length (minutes)'), { target: { value: '10' } });
    fireEvent.click(card.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toEqual([{ ...PICKUP_SETTINGS_DEFAULTS, slotMinutes: 10, slotCapacity: 6 }]));
    expect(useToastStore.getState().current?.title).toBe('Taking orders ahead');
  });

  it('lets orders accept themselves by default; unticked and saved, new orders wait for the owner’s Accept', async () => {
    const { puts } = mockPickupSettings();
    const card = renderCard();
    const autoAccept = await card.findByRole('checkbox', { name: 'Accept orders by themselves' });
    expect(autoAccept).toBeChecked();
    expect(autoAccept).toHaveAccessibleDescription('Off: each new order waits as Received until you tap Accept on the pickup queue.');
    await expectNoAxeViolations(document.body);
    fireEvent.click(autoAccept);
    fireEvent.click(card.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toEqual([{ ...PICKUP_SETTINGS_DEFAULTS, autoAccept: false }]));
    // the form shows what the server saved, and nothing is left to save
    await waitFor(() => expect(card.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    expect(card.getByRole('checkbox', { name: 'Accept orders by themselves' })).not.toBeChecked();

    // pausing keeps the choice
    fireEvent.click(card.getByRole('button', { name: 'Pause orders ahead' }));
    await waitFor(() => expect(puts[1]).toEqual({ ...PICKUP_SETTINGS_DEFAULTS, autoAccept: false, paused: true }));
  });

  it('keeps the form as typed and says why when the server cannot save', async () => {
    mockPickupSettings(PICKUP_SETTINGS_DEFAULTS, { failPut: true });
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Pause orders ahead' }));
    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Could not save the order-ahead settings'));
    expect(card.getByText('Customers can order ahead at the stops you open for it.')).toBeInTheDocument();
  });
});
