import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminDiscount } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { DiscountsTab } from './discounts-tab';

function discount(overrides: Partial<AdminDiscount> = {}): AdminDiscount {
  return {
    id: 3,
    code: 'SPRING-10',
    kind: 'percent',
    value: 10,
    startsOn: '2027-03-01',
    endsOn: '2027-03-31',
    usageLimit: 50,
    onePerCustomer: true,
    active: true,
    uses: 4,
    createdAt: '2027-02-20T15:00:00.000Z',
    ...overrides,
  };
}

const LIST = 'GET /api/admin/discounts';

describe('Admin → Discounts', () => {
  it('lists each code with what it takes off, its days and its uses; a used code has no Delete', async () => {
    mockFetch({
      [LIST]: {
        body: [discount(), discount({ id: 4, code: 'FIVE', kind: 'amount', value: 5, startsOn: null, endsOn: null, usageLimit: null, uses: 0, active: false })],
      },
    });
    renderWithProviders(<DiscountsTab />);
    const spring = (await screen.findByText('SPRING-10', { selector: 'p' })).closest('li')!;
    expect(spring).toHaveTextContent('10% off · March 1, 2027 – March 31, 2027 · used 4 of 50 · one per customer');
    expect(within(spring).queryByRole('button', { name: 'Delete SPRING-10' })).toBeNull();
    const five = screen.getByText('FIVE', { selector: 'p' }).closest('li')!;
    expect(five).toHaveTextContent('$5.00 off · any day · used 0');
    expect(five).toHaveTextContent('Off');
    expect(within(five).getByRole('button', { name: 'Delete FIVE' })).toBeInTheDocument();
  });

  it('says so when there are no codes yet, and when the list fails', async () => {
    mockFetch({ [LIST]: { body: [] } });
    const { unmount } = renderWithProviders(<DiscountsTab />);
    expect(await screen.findByText(/No discount codes yet/)).toBeInTheDocument();
    unmount();
    mockFetch({ [LIST]: { status: 500, body: { message: 'Database unavailable' } } });
    renderWithProviders(<DiscountsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('adds a code with the form: Code, an amount or percentage, Start, End, Usage limit, one per customer', async () => {
    const created = discount({ id: 9, code: 'CUP-5', kind: 'amount', value: 5, usageLimit: 20, uses: 0 });
    const { calls } = mockFetch({ [LIST]: { body: [] }, 'POST /api/admin/discounts': { status: 201, body: created } });
    renderWithProviders(<DiscountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add discount' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'cup-5' } });
    fireEvent.click(within(dialog).getByLabelText('An amount'));
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2027-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2027-03-31' } });
    fireEvent.change(within(dialog).getByLabelText('Usage limit'), { target: { value: '20' } });
    expect(within(dialog).getByLabelText(/One per customer/)).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      code: 'cup-5',
      kind: 'amount',
      value: 5,
      startsOn: '2027-03-01',
      endsOn: '2027-03-31',
      usageLimit: 20,
      onePerCustomer: true,
      active: true,
    });
  });

  it('shows the shared rules’ messages on the fields and sends nothing', async () => {
    const { calls } = mockFetch({ [LIST]: { body: [] } });
    renderWithProviders(<DiscountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add discount' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'no spaces' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage (%)'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2027-03-10' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2027-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await within(dialog).findByText('Code must be 3 to 32 letters, digits or dashes')).toBeInTheDocument();
    expect(within(dialog).getByText('A percentage must be a whole number from 1 to 100')).toBeInTheDocument();
    expect(within(dialog).getByText('End must be on or after Start')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('switches a code off', async () => {
    const { calls } = mockFetch({ [LIST]: { body: [discount()] }, 'PATCH /api/admin/discounts/3': { body: discount({ active: false }) } });
    renderWithProviders(<DiscountsTab />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'SPRING-10 On' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }));
  });

  it('deletes a code never used, after asking', async () => {
    const { calls } = mockFetch({ [LIST]: { body: [discount({ uses: 0 })] }, 'DELETE /api/admin/discounts/3': { status: 204 } });
    renderWithProviders(<DiscountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete SPRING-10' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/discounts/3')).toBe(true));
  });
});
