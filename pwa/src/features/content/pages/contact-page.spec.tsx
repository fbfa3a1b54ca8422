import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import ContactPage from './contact-page';

describe('ContactPage', () => {
  it("shows the shop's postal address, e-mail and phone (the ones every e-mail prints), as links that write and dial", () => {
    renderWithProviders(<ContactPage />);
    const card = screen.getByRole('complementary', { name: 'Get in Touch' });
    const address = card.querySelector('address');
    expect(address?.innerHTML).toBe('Cocoa Shop Kitchen<br>1200 Cocoa Lane<br>Springfield, IL 62701');
    expect(within(card).getByRole('link', { name: 'hello@cocoashop.example' })).toHaveAttribute('href', 'mailto:hello@cocoashop.example');
    expect(within(card).getByRole('link', { name: '(555) 555-0123' })).toHaveAttribute('href', 'tel:+15555550123');
  });
});
