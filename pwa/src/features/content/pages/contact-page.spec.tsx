import { screen, within } from '@testing-library/react';
import { DEMO_SHOP_IDENTITY, type ShopIdentity } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders } from '../../../test/render';
import ContactPage from './contact-page';

const OWNERS: ShopIdentity = {
  name: 'Ruth’s Cocoa',
  logo: null,
  address: { street: '42 Mill Road', city: 'Peoria', region: 'IL', postcode: '61602', country: 'US' },
  addressLines: ['42 Mill Road', 'Peoria, IL 61602'],
  phone: '(309) 555-0188',
  phoneUri: 'tel:+13095550188',
  email: 'ruth@ruthscocoa.com',
  hours: 'Mon–Fri 8–4\nSat 9–1',
  socialLinks: ['https://instagram.com/ruthscocoa'],
  isSet: true,
};

describe('ContactPage', () => {
  it("shows the owner's postal address, e-mail, phone, hours and social pages, as links that write and dial", async () => {
    mockFetch({ 'GET /api/shop': { body: OWNERS } });
    renderWithProviders(<ContactPage />);
    const card = screen.getByRole('complementary', { name: 'Get in Touch' });
    expect(await within(card).findByRole('link', { name: 'ruth@ruthscocoa.com' })).toHaveAttribute('href', 'mailto:ruth@ruthscocoa.com');
    expect(card.querySelector('address')?.innerHTML).toBe('42 Mill Road<br>Peoria, IL 61602');
    expect(within(card).getByRole('link', { name: '(309) 555-0188' })).toHaveAttribute('href', 'tel:+13095550188');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Sat 9–1');
    expect(within(card).getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute('href', 'https://instagram.com/ruthscocoa');
    expect(card.textContent).not.toContain(DEMO_SHOP_IDENTITY.email);
    expect(card.textContent).not.toContain('1200 Cocoa Lane');
  });

  it('shows no demo value while the identity loads', () => {
    mockFetch({ 'GET /api/shop': () => new Promise<Response>(() => undefined) });
    renderWithProviders(<ContactPage />);
    const card = screen.getByRole('complementary', { name: 'Get in Touch' });
    expect(card.textContent).toContain('Loading our address');
    expect(card.textContent).not.toContain('Cocoa Lane');
  });
});
