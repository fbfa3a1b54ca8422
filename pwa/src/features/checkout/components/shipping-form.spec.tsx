import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { US_STATES } from '@cocoa/shared-types';
import { EMPTY_SHIPPING, shippingDefaults, ShippingForm } from './shipping-form';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ShippingForm', () => {
  it('shows every shipping-form message for an empty form and does not submit', async () => {
    const onSubmit = jest.fn();
    render(<ShippingForm defaultValues={EMPTY_SHIPPING} onSubmit={onSubmit} />);
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

  it('offers the 50 states and the five countries, and submits valid data', async () => {
    const onSubmit = jest.fn();
    render(<ShippingForm defaultValues={EMPTY_SHIPPING} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('State').querySelectorAll('option[value]:not([value=""])')).toHaveLength(50);
    expect(US_STATES).toHaveLength(50);
    expect(Array.from(screen.getByLabelText('Country').querySelectorAll('option')).map((o) => o.getAttribute('value'))).toEqual(['US', 'CA', 'GB', 'AU', 'MX']);
    fill('First name', 'Jane');
    fill('Last name', 'Doe');
    fill('Email', 'jane@example.com');
    fill('Phone', '(416) 555-0142');
    fill('Address', '12 Cocoa Lane');
    fill('City', 'Portland');
    fill('State', 'OR');
    fill('ZIP code', '97201');
    fill('Country', 'CA');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // as typed: the API reads it with the same schema, into E.164
    expect(onSubmit.mock.calls[0][0]).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '(416) 555-0142',
      address: '12 Cocoa Lane',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'CA',
    });
  });

  it('refuses a phone that is no number of the shipping country, on the phone field, before the payment step', async () => {
    const onSubmit = jest.fn();
    const valid = {
      ...EMPTY_SHIPPING,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      address: '12 Cocoa Lane',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
    };
    render(<ShippingForm defaultValues={{ ...valid, phone: '555-123-4567' }} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter a phone number we can reach, e.g. (217) 555-0142')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a phone number we can reach, e.g. (217) 555-0142');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    // shipping to the UK: a short London number is refused with a UK example; a US number with +1 is fine
    fill('Country', 'GB');
    fill('Phone', '020 7946 001');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Enter a phone number we can reach, e.g. 020 7946 0018')).toBeInTheDocument();
    fill('Phone', '+1 (217) 555-0142 ext. 12');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ phone: '+1 (217) 555-0142 ext. 12', country: 'GB' });
  });

  it('pre-fills from the customer profile, else the account e-mail', () => {
    expect(shippingDefaults(undefined, 'me@example.com')).toMatchObject({ email: 'me@example.com', country: 'US', firstName: '' });
    const filled = shippingDefaults(
      {
        emailAddress: 'p@example.com',
        givenName: 'Pat',
        familyName: 'Lee',
        phoneNumber: '5550001111',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
      },
      'other@example.com',
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
});
