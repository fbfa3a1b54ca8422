import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SECOND_FACTOR_REQUIRED } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import AuthPage from '../pages/auth-page';
import { fill } from '../../../test/form';

const owner = { id: 1, username: 'admin', email: 'admin@example.com', firstName: 'Olive', lastName: null, isAdmin: true };

describe('signing in with two-step sign-in', () => {
  it('after a right password asks for the code (no failure toast), and the code signs in', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/login': {
        status: 401,
        body: { message: 'Enter the 6-digit code from your authenticator app, or a recovery code.', code: SECOND_FACTOR_REQUIRED },
      },
      'POST /api/login/second-factor': { body: owner },
    });
    renderWithToasts(<AuthPage />, { route: '/auth?redirect=/admin' });
    fill(await screen.findByLabelText('Username').then(() => 'Username'), 'admin');
    fill('Password', 'right-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code');
    expect(code).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Two-step sign-in' })).toHaveTextContent('Your password was right');
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();

    fill('Code', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your app, or a recovery code')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/login/second-factor')).toBe(false);

    fill('Code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(calls.find((c) => c.url === '/api/login/second-factor')?.body).toEqual({ code: '123456' });
    expect(screen.getByText('Welcome back, Olive!')).toBeInTheDocument();
  });

  it('shows a refused code beside the field, and goes back to the password on request', async () => {
    mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/login': { status: 401, body: { message: 'Enter the code.', code: SECOND_FACTOR_REQUIRED } },
      'POST /api/login/second-factor': { status: 401, body: { message: 'That code is not right, or it was used already.', code: 'INVALID_CODE' } },
    });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    fill(await screen.findByLabelText('Username').then(() => 'Username'), 'admin');
    fill('Password', 'right-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fill(await screen.findByLabelText('Code').then(() => 'Code'), 'abcd-efgh-ijkm');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right, or it was used already.');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Start again with your password' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
