import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_SHOP_IDENTITY, type ShopIdentitySettings } from '@cocoa/shared-types';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { ShopIdentityCard } from './shop-identity-card';

const UNSET: ShopIdentitySettings = {
  saved: { name: '', logo: '', street: '', city: '', region: '', postcode: '', country: 'US', phone: '', email: '', hours: '', socialLinks: [] },
  identity: DEMO_SHOP_IDENTITY,
};

const SAVED: ShopIdentitySettings = {
  saved: {
    name: 'Ruth’s Mill Cocoa',
    logo: '',
    street: '42 Mill Road',
    city: 'Peoria',
    region: 'IL',
    postcode: '61602',
    country: 'US',
    phone: '+13092314477',
    email: 'ruth@ruthsmill.com',
    hours: '',
    socialLinks: ['https://instagram.com/ruthsmill'],
  },
  identity: {
    ...DEMO_SHOP_IDENTITY,
    name: 'Ruth’s Mill Cocoa',
    address: { street: '42 Mill Road', city: 'Peoria', region: 'IL', postcode: '61602', country: 'US' },
    addressLines: ['42 Mill Road', 'Peoria, IL 61602'],
    phone: '(309) 231-4477',
    phoneUri: 'tel:+13092314477',
    email: 'ruth@ruthsmill.com',
    socialLinks: ['https://instagram.com/ruthsmill'],
    isSet: true,
  },
};

const renderCard = () => renderWithToasts(<ShopIdentityCard />);

describe('ShopIdentityCard (Admin → Settings)', () => {
  it('says the shop is a demo until its name, address, phone and e-mail are set', async () => {
    mockFetch({ 'GET /api/settings/shop-identity': { body: UNSET } });
    renderCard();
    expect(await screen.findByText(/This shop is a demo until you set its name, address, phone and e-mail/)).toBeInTheDocument();
    for (const label of ['Shop name', 'Logo', 'Address', 'City', 'State or region', 'Postcode', 'Country', 'Phone', 'E-mail', 'Opening hours']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('refuses a phone no one can call and an http social link before sending anything', async () => {
    const { calls } = mockFetch({ 'GET /api/settings/shop-identity': { body: UNSET } });
    renderCard();
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '0142' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText(/Enter a phone number we can reach/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(309) 231-4477' } });
    fireEvent.change(screen.getByLabelText(/^Social links/), { target: { value: 'http://instagram.com/ruthsmill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText(/full https:\/\/ address/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves every field at once, the social links one per line, and stops saying demo', async () => {
    const { calls } = mockFetch({
      'GET /api/settings/shop-identity': { body: UNSET },
      'PUT /api/settings/shop-identity': { body: SAVED },
    });
    renderCard();
    fireEvent.change(await screen.findByLabelText('Shop name'), { target: { value: 'Ruth’s Mill Cocoa' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '42 Mill Road' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Peoria' } });
    fireEvent.change(screen.getByLabelText('State or region'), { target: { value: 'IL' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '61602' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(309) 231-4477' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ruth@ruthsmill.com' } });
    fireEvent.change(screen.getByLabelText(/^Social links/), { target: { value: 'https://instagram.com/ruthsmill\n\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    expect(await screen.findByText('Shop details saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/settings/shop-identity',
        body: { ...UNSET.saved, ...SAVED.saved, phone: '(309) 231-4477' },
      },
    ]);
    await waitFor(() => expect(screen.queryByText(/This shop is a demo/)).not.toBeInTheDocument());
    const card = screen.getByRole('region', { name: 'Shop details' });
    expect(within(card).getByLabelText('Shop name')).toHaveValue('Ruth’s Mill Cocoa');
  });
});
