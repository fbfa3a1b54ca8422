import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { product } from '../../../test/fixtures';
import { useCartStore } from '../cart-store';
import { useCartDrawer } from '../cart-drawer-store';
import { addToCart } from '../add-to-cart';
import { CartDrawer } from './cart-drawer';

describe('CartDrawer', () => {
  beforeAll(() => useCartStore.getState().hydrate());
  beforeEach(async () => {
    jest.useFakeTimers();
    useCartStore.setState({ lines: [], count: 0, hydrated: true });
    useCartDrawer.getState().close();
  });
  afterEach(() => jest.useRealTimers());

  it('opens after an add, shows the lines and subtotal, and closes after 4000 ms', async () => {
    renderWithProviders(<CartDrawer />);
    await act(async () => addToCart(product({ id: 1, name: 'Classic Hot Cocoa', price: 12.99 }), 2));
    expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText('You have 2 item(s) in your cart.')).toBeInTheDocument();
    expect(screen.getByText('$12.99')).toBeInTheDocument();
    expect(screen.getByTestId('drawer-subtotal')).toHaveTextContent('$25.98');
    expect(screen.getByRole('link', { name: 'CHECKOUT' })).toHaveAttribute('href', '/checkout');
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open when touched, and plus, minus and remove change the lines', async () => {
    renderWithProviders(<CartDrawer />);
    await act(async () => addToCart(product({ id: 1, name: 'Classic Hot Cocoa', price: 12.99 })));
    fireEvent.pointerDown(screen.getByRole('dialog'));
    act(() => jest.advanceTimersByTime(10000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Classic Hot Cocoa' }));
    expect(screen.getByTestId('line-quantity')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Hot Cocoa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Hot Cocoa' }));
    expect(screen.getByTestId('line-quantity')).toHaveTextContent('1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Classic Hot Cocoa' }));
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BROWSE PRODUCTS' })).toHaveAttribute('href', '/products');
  });

  it('shows the loading state until the stored cart is read', () => {
    useCartStore.setState({ hydrated: false });
    renderWithProviders(<CartDrawer />);
    act(() => useCartDrawer.getState().open());
    expect(screen.getByText('Loading cart items...')).toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open, closes on Escape and gives focus back to the opener', async () => {
    renderWithProviders(
      <>
        <button type="button" onClick={() => useCartDrawer.getState().open()}>
          CART
        </button>
        <a href="/behind">Behind the drawer</a>
        <CartDrawer />
      </>,
    );
    await act(async () => addToCart(product({ id: 1, name: 'Classic Hot Cocoa', price: 12.99 })));
    act(() => useCartDrawer.getState().close());
    const opener = screen.getByRole('button', { name: 'CART' });
    opener.focus();
    fireEvent.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Your Cart' });
    expect(drawer).toHaveFocus();

    const close = screen.getByRole('button', { name: 'Close cart' });
    const checkout = screen.getByRole('link', { name: 'CHECKOUT' });
    checkout.focus();
    fireEvent.keyDown(checkout, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(checkout).toHaveFocus();
    // focus put behind the modal (a click, a screen reader) comes back in
    act(() => screen.getByRole('link', { name: 'Behind the drawer' }).focus());
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
