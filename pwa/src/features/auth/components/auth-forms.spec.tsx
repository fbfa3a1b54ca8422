import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import AuthPage from '../pages/auth-page';
import ResetPasswordPage from '../pages/reset-password-page';
import { fill, fillIn } from '../../../test/form';

const user = { id: 3, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false };

describe('Auth page', () => {
  it('validates the login form with the spec messages', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    fill(await screen.findByLabelText('Username').then(() => 'Username'), 'jo');
    fill('Password', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('logs in, toasts a welcome and goes to the redirect target', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/login': { body: user } });
    renderWithToasts(<AuthPage />, { route: '/auth?redirect=/orders' });
    fill(await screen.findByLabelText('Username').then(() => 'Username'), 'jane');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/));
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({ username: 'jane', password: 'secret-pass' });
    expect(screen.getByText('Welcome back, Jane!')).toBeInTheDocument();
  });

  it("shows 'Login failed' with the server's message", async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } });
    renderWithToasts(<AuthPage />, { route: '/auth' });
    fill(await screen.findByLabelText('Username').then(() => 'Username'), 'jane');
    fill('Password', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failedInvalid username or password');
  });

  it('sends a signed-in user on to the target at once, and never off-site', async () => {
    mockFetch({ 'GET /api/user': { body: user } });
    renderWithProviders(<AuthPage />, { route: '/auth?redirect=//evil.example' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('registers with the payload only (no confirmPassword) after checking the confirmation', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/register': { status: 201, body: user } });
    renderWithToasts(<AuthPage />, { route: '/auth' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    fillIn({ Username: 'jane', Email: 'jane@example.com', 'First name (optional)': 'Jane', Password: 'secret-pass', 'Confirm password': 'other-pass' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    fill('Confirm password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    const body = calls.find((c) => c.url === '/api/register')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'jane', email: 'jane@example.com', password: 'secret-pass', firstName: 'Jane', country: 'US' });
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('rates the new password as it is typed, in words, knowing the user name and e-mail typed', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    fillIn({ Username: 'mochafan', Email: 'mocha@example.com', Password: 'mocha' });
    expect(screen.getByText('Strength: too short')).toHaveAttribute('aria-live', 'polite');
    fill('Password', 'password');
    expect(await screen.findByText('Strength: too common')).toBeInTheDocument();
    fill('Password', 'MochaFan');
    expect(screen.getByText('Strength: too easy to guess')).toBeInTheDocument();
    fill('Password', 'cocoa at the lake 🍫');
    expect(screen.getByText('Strength: strong')).toBeInTheDocument();
  });

  it('forgot password: an e-mail without @ gets the Invalid Email toast; a valid one is sent', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { status: 401 }, 'POST /api/auth/forgot-password': { body: { message: 'Check your inbox' } } });
    renderWithToasts(<AuthPage />, { route: '/auth' });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
    fireEvent.change(screen.getByLabelText('Email', { selector: '#forgot-email' }), { target: { value: 'jane.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid EmailPlease enter a valid email address.');
    expect(calls.some((c) => c.url === '/api/auth/forgot-password')).toBe(false);
    fireEvent.change(screen.getByLabelText('Email', { selector: '#forgot-email' }), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    expect(screen.getByText('Check your inbox')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
  });

  it('forgot password: the dialog keeps keyboard focus inside, Escape closes it and focus returns to its link', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<AuthPage />, { route: '/auth' });
    const opener = await screen.findByRole('button', { name: 'Forgot your password?' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
    const email = screen.getByLabelText('Email', { selector: '#forgot-email' });
    expect(email).toHaveFocus();
    const send = screen.getByRole('button', { name: 'Send Reset Link' });
    fireEvent.keyDown(email, { key: 'Tab', shiftKey: true });
    expect(send).toHaveFocus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(email).toHaveFocus();
    // the login form behind it cannot take focus while it is open
    act(() => screen.getByLabelText('Username').focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(dialog).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('Reset password page', () => {
  it('without a token shows Invalid Link and goes to /auth', async () => {
    mockFetch({});
    renderWithToasts(<ResetPasswordPage />, { route: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid LinkNo reset token found. Please request a new password reset.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('checks length and match, then resets and goes to /auth', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': { body: { message: 'ok' } } });
    renderWithToasts(<ResetPasswordPage />, { route: '/reset-password?token=abc123', path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
    fill('New Password', '123');
    fill('Confirm New Password', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid Password')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 8 characters').length).toBeGreaterThan(0);
    expect(screen.getByText('Strength: too short')).toBeInTheDocument();
    fill('New Password', 'new-secret');
    fill('Confirm New Password', 'other-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords Don't Match")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    fill('Confirm New Password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
    // the page is gone (the shell's toast region would show this)
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Password Reset Successful',
      description: 'Your password has been reset. You can now log in with your new password.',
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'abc123', newPassword: 'new-secret' });
  });
});
