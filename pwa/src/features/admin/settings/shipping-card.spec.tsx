import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MONEY_SETTINGS_DEFAULTS } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ShippingCard } from './shipping-card';
import { fill, fillIn } from '../../../test/form';

const SETTINGS = '/api/admin/money-settings';

describe('ShippingCard (Admin → Settings → Shipping)', () => {
  it('shows a check box per country, ships to a new one at its rate, sets free shipping and a state tax, and saves them', async () => {
    const { calls } = mockFetch({ [`GET ${SETTINGS}`]: { body: MONEY_SETTINGS_DEFAULTS }, [`PUT ${SETTINGS}`]: { body: MONEY_SETTINGS_DEFAULTS } });
    const { container } = renderWithProviders(<ShippingCard />);
    expect(await screen.findByRole('checkbox', { name: 'United States' })).toBeChecked();
    for (const name of ['Canada', 'United Kingdom', 'Australia', 'Mexico']) expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    expect(screen.getByLabelText('Shipping rate to United States ($)')).toHaveValue('5.99');
    expect(screen.getByLabelText('Free shipping over ($)')).toHaveValue('');
    expect(screen.getByLabelText('Tax in United States (%)')).toHaveValue('7');
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Canada' }));
    fillIn({ 'Shipping rate to Canada ($)': '15', 'Free shipping over ($)': '75', 'Tax in Canada (%)': '5' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a state or province shipping rate' }));
    fill('State or province', 'US|HI');
    fill('Shipping rate there ($)', '14.99');
    fireEvent.click(screen.getByRole('button', { name: 'Add a state or province tax rate' }));
    fill('Tax there (%)', '6.25');
    fireEvent.change(screen.getAllByLabelText('State or province')[1], { target: { value: 'US|IL' } });
    expect(screen.getByRole('button', { name: 'Remove the rate for Illinois' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Shipping' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      shipTo: ['US', 'CA'],
      shippingRates: [
        { country: 'US', region: null, cents: 599 },
        { country: 'CA', region: null, cents: 1500 },
        { country: 'US', region: 'HI', cents: 1499 },
      ],
      freeShippingOverCents: 7500,
      taxRates: [
        { country: 'US', region: null, percent: 7 },
        { country: 'CA', region: null, percent: 5 },
        { country: 'US', region: 'IL', percent: 6.25 },
      ],
    });
  });

  it('says what is wrong before sending: a rate that is not a number, no country at all', async () => {
    const { calls } = mockFetch({ [`GET ${SETTINGS}`]: { body: MONEY_SETTINGS_DEFAULTS } });
    renderWithProviders(<ShippingCard />);
    await screen.findByLabelText('Shipping rate to United States ($)');
    fill('Shipping rate to United States ($)', 'five');
    fireEvent.click(screen.getByRole('button', { name: 'Save Shipping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Shipping rate to United States: enter a number');
    fireEvent.click(screen.getByRole('checkbox', { name: 'United States' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Shipping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one country to ship to');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
