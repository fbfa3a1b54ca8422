import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EMPTY_SHIPPING, shippingDefaults, ShippingForm } from './shipping-form';
import { fill, fillIn } from '../../../test/form';

/** A customer in Portland, Oregon, with no street, ZIP code or phone yet. */
const JANE_IN_PORTLAND = { ...EMPTY_SHIPPING, firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', city: 'Portland', state: 'OR' };

describe('ShippingForm', () => {
  it('shows every shipping-form message for an empty form and does not submit', async () => {
    const onSubmit = jest.fn();
    render(<ShippingForm defaultValues={EMPTY_SHIPPING} countries={['US']} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Valid phone number is required',
      'Address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  const options = (label: string) => Array.from(screen.getByLabelText(label).querySelectorAll('option')).map((o) => o.getAttribute('value'));

  it("offers the countries shipped to, and each one's regions under its own word: none for the UK", () => {
    render(<ShippingForm defaultValues={EMPTY_SHIPPING} countries={['US', 'CA', 'GB', 'AU']} onSubmit={jest.fn()} />);
    expect(options('Country')).toEqual(['US', 'CA', 'GB', 'AU']);
    expect(options('State')).toEqual(expect.arrayContaining(['', 'OR', 'IL', 'DC']));
    expect(screen.getByLabelText('ZIP code')).toBeInTheDocument();
    fill('Country', 'CA');
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
    expect(options('Province')).toEqual(expect.arrayContaining(['', 'ON', 'QC', 'BC']));
    expect(screen.getByLabelText('Postal code')).toBeInTheDocument();
    fill('Country', 'GB');
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Province')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toBeInTheDocument();
    fill('Country', 'AU');
    expect(options('State')).toEqual(['', 'ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });

  it("submits a Canadian address with its province (Canada Post's head office)", async () => {
    const onSubmit = jest.fn();
    render(<ShippingForm defaultValues={EMPTY_SHIPPING} countries={['US', 'CA']} onSubmit={onSubmit} />);
    fillIn({
      'First name': 'Jane',
      'Last name': 'Doe',
      Email: 'jane@example.com',
      Phone: '(613) 555-0142',
      Address: '2701 Riverside Drive',
      City: 'Ottawa',
      Country: 'CA',
      Province: 'ON',
      'Postal code': 'K1A 0B1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // as typed: the API reads it with the same schema, into E.164
    expect(onSubmit.mock.calls[0][0]).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '(613) 555-0142',
      address: '2701 Riverside Drive',
      city: 'Ottawa',
      state: 'ON',
      zipCode: 'K1A 0B1',
      country: 'CA',
    });
  });

  it("refuses a postcode not of the country's form, and a US ZIP code of another state, on the postcode field", async () => {
    const onSubmit = jest.fn();
    const oregon = { ...JANE_IN_PORTLAND, phone: '(503) 555-0142', address: '1221 SW 4th Avenue', zipCode: '90210' };
    render(<ShippingForm defaultValues={oregon} countries={['US', 'AU']} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('ZIP code 90210 is in California, not Oregon')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP code 90210 is in California, not Oregon');
    fillIn({ Country: 'AU', State: 'VIC', Phone: '(03) 5550 4321', Postcode: '30000' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter a postcode like 2000')).toBeInTheDocument();
    fill('Postcode', '3000');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ country: 'AU', state: 'VIC', zipCode: '3000' });
  });

  it('refuses a phone that is no number of the shipping country, on the phone field, before the payment step', async () => {
    const onSubmit = jest.fn();
    const valid = { ...JANE_IN_PORTLAND, address: '12 Cocoa Lane', zipCode: '97201' };
    render(<ShippingForm defaultValues={{ ...valid, phone: '555-123-4567' }} countries={['US', 'GB']} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter a phone number we can reach, e.g. (217) 555-0142')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a phone number we can reach, e.g. (217) 555-0142');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    // shipping to the UK: a short London number is refused with a UK example; a US number with +1 is fine
    fillIn({ Country: 'GB', Postcode: 'SW1A 2AA', Phone: '020 7946 001' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter a phone number we can reach, e.g. 020 7946 0018')).toBeInTheDocument();
    fill('Phone', '+1 (217) 555-0142 ext. 12');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+1 (217) 555-0142 ext. 12', country: 'GB' });
  });

  it('pre-fills from the customer profile, else the account e-mail', () => {
    expect(shippingDefaults(undefined, 'me@example.com', ['US'])).toMatchObject({ email: 'me@example.com', country: 'US', firstName: '' });
    expect(shippingDefaults(undefined, undefined, ['CA', 'US'])).toMatchObject({ country: 'CA' });
    const filled = shippingDefaults(
      {
        emailAddress: 'p@example.com',
        givenName: 'Pat',
        familyName: 'Lee',
        phoneNumber: '5550001111',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
      },
      'other@example.com',
      ['US', 'CA'],
    );
    expect(filled).toEqual({
      firstName: 'Pat',
      lastName: 'Lee',
      email: 'p@example.com',
      phone: '5550001111',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      country: 'US',
    });
  });
  it("starts from the first country shipped to when the profile's is not one of them", () => {
    const profile = {
      emailAddress: 'p@example.com',
      givenName: null,
      familyName: null,
      phoneNumber: null,
      address: { line1: '10 Downing Street', city: 'London', state: 'LND', postalCode: 'SW1A 2AA', country: 'GB' },
    };
    expect(shippingDefaults(profile, undefined, ['US'])).toMatchObject({ country: 'US', state: '', zipCode: 'SW1A 2AA' });
  });
});
